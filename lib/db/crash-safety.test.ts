import { and, count, gte, inArray, lt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/lib/db/client";
import { kpiValues } from "@/lib/db/schema";
import { accountWithScorecards, createTestApi, smallScorecard } from "@/lib/testing/api";
import { createPostgresDatabase } from "@/lib/testing/databases";
import { spawnTs } from "@/lib/testing/spawn-ts";

const adminUrl = process.env.TEST_DATABASE_URL;

/** Runs the batch writer; resolves with its output once it exits or is killed `killAfterMs` after it starts writing. */
function runWriter(args: string[], killAfterMs?: number): Promise<{ output: string; killed: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawnTs("lib/testing/batch-writer.ts", args);
    let output = "";
    let errors = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk;
      if (killAfterMs !== undefined && output.includes("writing") && !child.killed) {
        setTimeout(() => child.kill("SIGKILL"), killAfterMs);
      }
    });
    child.stderr!.on("data", (chunk: Buffer) => (errors += chunk));
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (signal === "SIGKILL" || code === 0) resolve({ output, killed: signal === "SIGKILL" });
      else reject(new Error(`writer failed (${code}): ${errors}`));
    });
  });
}

describe.runIf(adminUrl)("a batch write killed with SIGKILL", () => {
  let created: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let database: Database;
  let args: (firstDate: string) => string[];
  let guids: string[];

  beforeAll(async () => {
    created = await createPostgresDatabase(adminUrl!);
    database = await openDatabase({ url: created.url });
    const api = createTestApi(database.db);
    const owner = await accountWithScorecards(api, database.db, "crash@example.com", [smallScorecard()]);
    const kpis = (await (await api.call(`/api/document/${owner.scorecardIds[0]}/kpi/list`, { headers: owner.auth })).json()).items;
    guids = [kpis[2].guid, kpis[3].guid];
    args = (firstDate) => [created.url, String(owner.accountId), String(owner.scorecardIds[0]), guids[0]!, guids[1]!, firstDate];
  });
  afterAll(async () => {
    await database?.close();
    await created?.drop();
  });

  it("leaves the whole batch or none of it, 10 times out of 10", async () => {
    const calibration = await runWriter(args("1990-01-01"));
    const writeMs = Number(calibration.output.match(/done (\d+)/)![1]);
    const outcomes: string[] = [];
    for (let run = 0; run < 10; run++) {
      const firstDate = `${2000 + run * 8}-01-01`;
      const killAfter = Math.floor(Math.random() * writeMs * 1.3);
      const { killed } = await runWriter(args(firstDate), killAfter);
      const [row] = await database.db
        .select({ n: count() })
        .from(kpiValues)
        .where(and(inArray(kpiValues.kpiGuid, guids), gte(kpiValues.date, firstDate), lt(kpiValues.date, `${2000 + run * 8 + 8}-01-01`)));
      outcomes.push(`${killed ? `killed after ${killAfter} ms` : "finished"}: ${row!.n}`);
      expect([0, 5000], outcomes.join("; ")).toContain(row!.n);
    }
    console.log(`write takes ~${writeMs} ms; ${outcomes.join("; ")}`);
  });
});
