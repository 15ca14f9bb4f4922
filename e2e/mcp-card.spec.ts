import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { expect, type Frame, type Page, test } from "@playwright/test";
import { build } from "esbuild";

// An assistant's side of MCP Apps, as a host page: the ext-apps AppBridge (bundled for the
// browser) puts the card's HTML in a sandboxed frame and hands it a tool's result.
const HOST = "http://assistant.test/";
type ToolResult = { structuredContent: Record<string, unknown>; content: unknown[] };

async function hostScript(): Promise<string> {
  const bundle = await build({
    stdin: {
      contents:
        'import { AppBridge, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge"; window.Host = { AppBridge, PostMessageTransport };',
      resolveDir: process.cwd(),
    },
    bundle: true,
    format: "iife",
    platform: "browser",
    write: false,
  });
  return bundle.outputFiles[0]!.text;
}

/** Opens the host page with the card showing `result`, and answers the card's frame. */
async function showCard(page: Page, script: string, html: string, result: ToolResult, theme: "light" | "dark"): Promise<Frame> {
  await page.unroute(HOST);
  await page.route(HOST, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><body style="margin:0"><iframe id="card" sandbox="allow-scripts" style="border:0;width:100vw;height:100vh"></iframe><script>${script}</script></body>`,
    }),
  );
  await page.goto(HOST);
  await page.evaluate(
    async ({ html, result, theme }) => {
      const { AppBridge, PostMessageTransport } = (
        window as unknown as { Host: Record<string, new (...args: unknown[]) => Record<string, (...a: unknown[]) => unknown>> }
      ).Host;
      const iframe = document.getElementById("card") as HTMLIFrameElement;
      const bridge = new AppBridge!(null, { name: "Test assistant", version: "1.0.0" }, {}, { hostContext: { theme, locale: "en-US" } });
      bridge.oninitialized = () => bridge.sendToolResult!(result);
      // The frame's window stays the same across its navigation: listen first, then load the card.
      await bridge.connect!(new PostMessageTransport!(iframe.contentWindow, iframe.contentWindow));
      iframe.srcdoc = html;
    },
    { html, result, theme },
  );
  const frame = page.frameLocator("#card");
  await expect(frame.locator("main h1, main [role=alert]")).toBeVisible();
  return page.frames().find((f) => f.parentFrame() === page.mainFrame())!;
}

test("an assistant shows get_scorecard and read_grouped in Gauge's card: the KPI table with statuses and a chart, under a policy that loads nothing", async ({
  browser,
  request,
  baseURL,
}) => {
  const { token } = await (await request.post("/rest/login", { data: { email: "demo@example.com", contraseña: "demo-password" } })).json();
  const { key } = await (await request.post("/rest/api/api-keys", { headers: { Token: token }, data: { name: "Card host", scope: "read" } })).json();
  const client = new Client({ name: "card-host", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL("/mcp", baseURL), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
  const tool = (await client.listTools()).tools.find((t) => t.name === "get_scorecard")!;
  const uri = (tool._meta!.ui as { resourceUri: string }).resourceUri;
  const html = ((await client.readResource({ uri })).contents[0] as { text: string }).text;
  const [acme] = ((await client.callTool({ name: "list_scorecards", arguments: {} })).structuredContent as { scorecards: { id: number }[] }).scorecards;
  const scorecard = (await client.callTool({ name: "get_scorecard", arguments: { scorecardId: acme!.id } })) as unknown as ToolResult;
  const grouped = (await client.callTool({
    name: "read_grouped",
    arguments: { scorecardId: acme!.id, period: "QUARTER", from: "2025-01-01", to: "2025-12-31" },
  })) as unknown as ToolResult;
  await client.close();
  const script = await hostScript();

  type Kpi = { name: string; depth: number; latest: { value: number | null; score: number | null; status: string } | null };
  const kpis = scorecard.structuredContent.kpis as Kpi[];
  const statusWords: Record<string, string> = { ON_TRACK: "On track", AT_RISK: "At risk", OFF_TRACK: "Off track", NONE: "No data" };
  const tones: Record<string, string> = { ON_TRACK: "rgb(5, 150, 105)", AT_RISK: "rgb(217, 119, 6)", OFF_TRACK: "rgb(220, 38, 38)" };

  const page = await browser.newPage();
  for (const [width, theme] of [
    [1440, "light"],
    [390, "dark"],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    const card = await showCard(page, script, html, scorecard, theme);
    await expect(card.getByRole("heading", { level: 1 })).toHaveText("Acme Corp balanced scorecard");
    const rows = card.locator("tbody tr");
    await expect(rows).toHaveCount(kpis.length);
    // Each row says what the tool's result says: the KPI, its value and its status in words.
    for (const [i, kpi] of kpis.entries()) {
      await expect(rows.nth(i).locator("th")).toHaveText(kpi.name);
      await expect(rows.nth(i).locator("td").nth(0)).toHaveText(new RegExp(statusWords[kpi.latest?.status ?? "NONE"]!));
      if (kpi.latest?.value != null)
        await expect(rows.nth(i).locator("td").nth(1)).toHaveText(kpi.latest.value.toLocaleString("en-US", { maximumFractionDigits: 2 }));
    }
    // The chart has a bar for the scorecard and each perspective with a score, in its status's colour.
    const scored = kpis.filter((k) => k.depth <= 1 && k.latest?.score != null);
    expect(scored.map((k) => k.name)).toEqual(["Acme Corp balanced scorecard", "Financial", "Customer", "Internal process", "Learning and growth"]);
    const bars = card.locator("svg.chart rect.bar");
    await expect(bars).toHaveCount(scored.length);
    for (const [i, kpi] of scored.entries()) {
      const tone = tones[kpi.latest!.status];
      if (tone) await expect(bars.nth(i)).toHaveCSS("fill", tone);
    }
    await expect(card.locator("body")).toHaveCSS("background-color", theme === "dark" ? "rgb(15, 23, 42)" : "rgb(255, 255, 255)");
    await expect(card.locator("thead th")).toHaveText(["KPI", "Status", "Value", "Target", "Score", "Period"]);
    await page.locator("#card").screenshot({ path: `e2e/screenshots/mcp-card-scorecard-${width}-${theme}.png` });

    // The card's policy refuses a fetch to another host, before any request leaves.
    const probe = createServer((_, response) => response.end("reached"));
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const reached: string[] = [];
    probe.on("request", (req) => reached.push(req.url ?? ""));
    const attempt = await card.evaluate(
      async (url) => {
        const violation = new Promise<string>((resolve) =>
          document.addEventListener("securitypolicyviolation", (e) => resolve(e.effectiveDirective), { once: true }),
        );
        const fetched = await fetch(url).then(
          () => "loaded",
          (error: Error) => error.name,
        );
        return { fetched, directive: await violation };
      },
      `http://127.0.0.1:${(probe.address() as AddressInfo).port}/probe`,
    );
    probe.close();
    expect(attempt).toEqual({ fetched: "TypeError", directive: "connect-src" });
    expect(reached).toEqual([]);
  }

  await page.setViewportSize({ width: 1440, height: 900 });
  const card = await showCard(page, script, html, grouped, "light");
  await expect(card.getByRole("heading", { level: 1 })).toHaveText("Quarter · 2025-01-01 – 2025-12-31");
  const items = grouped.structuredContent.items as { name: string; points: { value: number | null }[] }[];
  await expect(card.locator("tbody tr")).toHaveCount(items.length);
  await expect(card.locator("tbody tr th").first()).toHaveText(items[0]!.name);
  // A trend line per KPI, with a point per period that has a value.
  const first = items.findIndex((item) => item.points.some((p) => p.value !== null));
  await expect(card.locator("tbody tr").nth(first).locator("svg.trend circle")).toHaveCount(items[first]!.points.filter((p) => p.value !== null).length);
  await expect(card.locator("thead th")).toHaveText(["KPI", "Status", "Value", "Target", "Score", "Trend"]);
  await page.locator("#card").screenshot({ path: "e2e/screenshots/mcp-card-grouped-1440-light.png" });
  await page.close();
});
