import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { accountWithScorecards, createTestApi, jsonInit, smallScorecard, type TestApi } from "@/lib/testing/api";
import { testDatabases } from "@/lib/testing/databases";

/** The PDF's text as poppler reads it (Debian's poppler-utils; .ci/run installs it). */
function pdfText(bytes: ArrayBuffer): { text: string; pages: number } {
  const dir = mkdtempSync(path.join(tmpdir(), "pack-"));
  const file = path.join(dir, "pack.pdf");
  writeFileSync(file, Buffer.from(bytes));
  const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
  return { text: execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" }), pages: Number(/Pages:\s+(\d+)/.exec(info)![1]) };
}

describe.each(testDatabases)("the board pack PDF on $name", ({ open }) => {
  let database: Database;
  let api: TestApi;
  let owner: Awaited<ReturnType<typeof accountWithScorecards>>;
  let doc: number;

  const call = (method: string, pathname: string, body?: unknown) =>
    api.call(pathname, body === undefined ? { method, headers: owner.auth } : jsonInit(method, body, owner.auth));

  beforeAll(async () => {
    database = await open();
    api = createTestApi(database.db, undefined, { rateLimitPerHour: 100_000, tokenTtlHours: 10_000 });
    owner = await accountWithScorecards(api, database.db, "pack@example.com", [smallScorecard("Board scorecard")]);
    doc = owner.scorecardIds[0]!;
  });
  afterAll(() => database.close());

  it("holds the status summary, each KPI with its figures, its notes and its initiatives", async () => {
    const kpis = (await (await call("GET", `/api/document/${doc}/kpi/list`)).json()).items as { guid: string; name: string }[];
    const sales = kpis.find((k) => k.name === "Sales")!.guid;
    const costs = kpis.find((k) => k.name === "Costs")!.guid;
    const items = ["2024-04-15", "2024-05-15", "2024-06-15"].flatMap((date, i) => [
      { guid: sales, date, value: [60, 85, 30][i] },
      { guid: costs, date, value: 40 },
    ]);
    expect((await call("POST", `/api/document/${doc}/kpi/batch/set-values`, { items })).status).toBe(200);
    expect((await call("POST", `/api/document/${doc}/kpi/${sales}/notes`, { date: "2024-06-01", text: "The biggest client paused its orders" })).status).toBe(
      201,
    );
    expect(
      (await call("POST", `/api/document/${doc}/kpi/${sales}/initiatives`, { name: "Win back the client", status: "IN_PROGRESS", initiativeType: "PROJECT" }))
        .status,
    ).toBe(201);

    const response = await call("GET", `/api/report/${doc}/board-pack?date=2024-07-10`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="board-pack-${doc}-2024-07-10.pdf"`);
    const { text, pages } = pdfText(await response.arrayBuffer());
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(text).toContain("Board scorecard: board pack");
    expect(text).toContain("As of Jul 10, 2024, by month");
    // June is the last complete month: Sales $30 against $80 is off track (a sixth of the way from 20).
    expect(text).toMatch(/Jun 2024: \$30 against a target of \$80 · Off track 17 %/);
    expect(text).toContain("Jun 1, 2024 (pack@example.com): The biggest client paused its orders");
    expect(text).toContain("Win back the client: in progress");

    // In Spanish when asked, and in the caller's chosen language when not.
    const spanish = pdfText(await (await call("GET", `/api/report/${doc}/board-pack?date=2024-07-10&lang=es`)).arrayBuffer()).text;
    expect(spanish).toContain("Board scorecard: informe para el consejo");
    expect(spanish).toContain("A fecha de 10 jul 2024, por mes");
    // Each count agrees with its number: "1 desviado", "2 desviados".
    expect(spanish).toMatch(/A fecha de 10 jul 2024, por mes · \d+ en camino, \d+ en riesgo, 2 desviados, \d+ sin datos/);
    expect(text).toMatch(/As of Jul 10, 2024, by month · \d+ on track, \d+ at risk, 2 off track, \d+ with no data/);
    expect(spanish).toMatch(/jun 2024: 30 US\$ frente a una meta de 80 US\$ · Desviado 17 %/);
    expect(spanish).toContain("1 jun 2024 (pack@example.com): The biggest client paused its orders");
    expect(spanish).toContain("Win back the client: en curso");
    expect(spanish).toMatch(/página 1 de \d/);
    expect((await call("PUT", "/api/me/preferences", { language: "es" })).status).toBe(200);
    expect(pdfText(await (await call("GET", `/api/report/${doc}/board-pack?date=2024-07-10`)).arrayBuffer()).text).toContain("informe para el consejo");
    expect(pdfText(await (await call("GET", `/api/report/${doc}/board-pack?date=2024-07-10&lang=en`)).arrayBuffer()).text).toContain("board pack");
    expect((await call("PUT", "/api/me/preferences", { language: null })).status).toBe(200);
    expect((await call("GET", `/api/report/${doc}/board-pack?lang=fr`)).status).toBe(400);

    expect((await call("GET", `/api/report/${doc}/board-pack?period=FORTNIGHT`)).status).toBe(400);
  });
});
