import type { IncomingHttpHeaders } from "node:http";
import { get } from "node:http";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// The BFF (the browser's side of the API) maps every failure to the contract's error shape.
const errorShape = { success: false, errorMessage: expect.any(String), code: expect.any(String), details: expect.any(Array) };

test.describe("the BFF's error mapping", () => {
  test("validation, unknown routes and upstream errors come back in the contract's shape", async ({ page, baseURL }) => {
    const write = { headers: { Origin: baseURL!, "Content-Type": "application/json" } };
    const cases: { name: string; status: number; code: string; detail?: string; send: () => ReturnType<typeof page.request.get> }[] = [
      { name: "an unknown route", status: 404, code: "not_found", send: () => page.request.get("/api/no/such/route") },
      { name: "a server-only operation", status: 404, code: "not_found", send: () => page.request.post("/api/logout", write) },
      { name: "a malformed path parameter", status: 400, code: "invalid_request", detail: "docId", send: () => page.request.get("/api/document/a.b/kpi/tree") },
      {
        name: "an invalid query",
        status: 400,
        code: "invalid_request",
        detail: "endDate",
        send: () => page.request.get("/api/document/1/kpi/indicators/grouped-value/MONTH/2026-01-01/2026-02-30"),
      },
      {
        name: "malformed JSON",
        status: 400,
        code: "invalid_request",
        send: () => page.request.post("/api/document/1/alerts", { ...write, data: "{not json" }),
      },
      {
        name: "a body failing its schema",
        status: 400,
        code: "invalid_request",
        detail: "items",
        send: () => page.request.post("/api/document/1/kpi/batch/set-values", { ...write, data: { items: "x" } }),
      },
      {
        name: "another account's (or no) scorecard, from the API",
        status: 404,
        code: "not_found",
        send: () => page.request.get("/api/document/987654/kpi/tree"),
      },
    ];
    for (const c of cases) {
      const response = await c.send();
      expect(response.status(), c.name).toBe(c.status);
      const body = (await response.json()) as { details: { path: string }[] };
      expect(body, c.name).toMatchObject({ ...errorShape, code: c.code });
      if (c.detail)
        expect(
          body.details.map((d) => d.path),
          c.name,
        ).toContain(c.detail);
      expect(response.headers()["cache-control"], c.name).toBe("no-store");
    }
  });

  test("a write the API refuses passes its status and details on", async ({ page, baseURL }) => {
    const tree = await (await page.request.get("/api/document/1/kpi/tree")).json();
    const margin = tree.root.children[0].children.find((k: { name: string }) => k.name === "Operating margin");
    const response = await page.request.post("/api/document/1/kpi/batch/set-values", {
      headers: { Origin: baseURL!, "Content-Type": "application/json" },
      data: { items: [{ guid: margin.guid, date: "2026-01-01", value: 1 }] },
    });
    expect(response.status()).toBe(409);
    expect(await response.json()).toMatchObject({ code: "conflict", details: [{ path: "items.0.guid", message: expect.stringContaining("calculated") }] });
  });

  test("without a session every route answers 401", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
    const response = await context.request.get("/api/webhooks");
    expect(response.status()).toBe(401);
    expect(await response.json()).toMatchObject({ ...errorShape, code: "unauthorized" });
    await context.close();
  });
});

test("a page the server just rendered asks it for nothing more, and a navigation asks for no budget", async ({ page }) => {
  const asked: string[] = [];
  page.on("request", (request) => void (new URL(request.url()).pathname.startsWith("/api/") && asked.push(new URL(request.url()).pathname)));
  await page.goto("/s/1", { waitUntil: "networkidle" });
  await expect(page.getByRole("table", { name: "KPIs with their latest values" })).toBeVisible();
  // The page's reads came with the HTML.
  expect(asked).toEqual([]);
  await page.getByRole("link", { name: "Map", exact: true }).click();
  await expect(page).toHaveURL(/\/s\/1\/map/);
  await page.waitForLoadState("networkidle");
  // People spend no pooled calls: nothing to recount.
  expect(asked.filter((path) => path === "/api/access/info")).toEqual([]);
});

test("the server renders a page when its link is followed, never ahead for links in view", async ({ page }) => {
  const rendered: string[] = [];
  page.on("request", (request) => void (new URL(request.url()).searchParams.has("_rsc") && rendered.push(new URL(request.url()).pathname)));
  for (const path of ["/", "/s/1"]) {
    await page.goto(path, { waitUntil: "networkidle" });
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  }
  await page.getByRole("link", { name: "Map", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Strategy map" })).toBeVisible();
  expect(rendered).toEqual(["/s/1/map"]);
});

test("sign-in pages carry no query client; the dashboard's pages do", async ({ browser, baseURL, page }) => {
  // react-query's own refusal to run without a provider: present in its code whenever the library is loaded.
  const marker = "No QueryClient set";
  const scriptsOf = async (tab: Page, path: string) => {
    const bodies: Promise<string>[] = [];
    tab.on("response", (response) => {
      if (response.request().resourceType() === "script") bodies.push(response.text());
    });
    await tab.goto(path, { waitUntil: "networkidle" });
    expect(new URL(tab.url()).pathname).toBe(path);
    const scripts = await Promise.all(bodies);
    expect(scripts.length, path).toBeGreaterThan(3);
    return scripts;
  };
  const signedOut = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  for (const path of ["/login", "/forgot"])
    expect(
      (await scriptsOf(await signedOut.newPage(), path)).some((text) => text.includes(marker)),
      path,
    ).toBe(false);
  await signedOut.close();
  expect((await scriptsOf(page, "/")).some((text) => text.includes(marker))).toBe(true);
});

test("a page goes out compressed harder than the cheap level that JSON answers use", async ({ page, baseURL }) => {
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  for (const coding of ["br", "gzip"] as const) {
    const { body, headers } = await rawGet(new URL("/s/1", baseURL), { Cookie: cookie, Accept: "text/html", "Accept-Encoding": coding });
    expect(headers["content-encoding"], coding).toBe(coding);
    const html = coding === "br" ? brotliDecompressSync(body) : gunzipSync(body);
    expect(html.toString(), coding).toContain("KPIs with their latest values");
    const cheap = coding === "br" ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } }) : gzipSync(html, { level: 1 });
    expect(body.length, coding).toBeLessThan(cheap.length * 0.9);
  }
  // A JSON answer keeps the cheap level.
  const json = await rawGet(new URL("/api/document/1/kpi/tree", baseURL), { Cookie: cookie, "Accept-Encoding": "br" });
  const plain = brotliDecompressSync(json.body);
  expect(json.body.length).toBeGreaterThanOrEqual(brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } }).length * 0.95);
});

/** The bytes as the server sent them, without the decompression that Playwright's requests do. */
function rawGet(url: URL, headers: Record<string, string>): Promise<{ body: Buffer; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ body: Buffer.concat(chunks), headers: res.headers }));
      res.on("error", reject);
    }).on("error", reject);
  });
}
