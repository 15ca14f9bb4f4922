import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { expect, test } from "@playwright/test";

test("the built app serves the API reference and its health check", async ({ page, request }) => {
  const health = await request.get("/rest/health");
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ ok: true });

  await page.goto("/rest/docs");
  await expect(page.getByRole("heading", { level: 1, name: /Gauge KPI API/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Authentication" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /POST \/rest\/login/ })).toBeVisible();
  await page.screenshot({ path: "e2e/screenshots/api-docs.png", fullPage: false });

  await page.getByRole("link", { name: "openapi.json" }).click();
  await expect(page).toHaveURL(/\/rest\/openapi\.json$/);
});

test("a script can log in and list the demo scorecards over real HTTP", async ({ request }) => {
  const login = await request.post("/rest/login", { data: { email: "demo@example.com", contraseña: "demo-password" } });
  expect(login.status()).toBe(200);
  const { token } = await login.json();
  const list = await request.get("/rest/api/documents/list", { headers: { Token: token } });
  expect(list.status()).toBe(200);
  const info = await (await request.get("/rest/api/access/info", { headers: { Token: token } })).json();
  expect(list.headers()["x-ratelimit-remaining"]).toBe(String(info.allowedCount - info.usedCount));
  const { documents } = await list.json();
  expect(documents.map((d: { name: string }) => d.name)).toEqual(["Acme Corp balanced scorecard", "Sales team scorecard", "IT operations scorecard"]);
});

test("an AI assistant's MCP client reads the demo through the built app's /mcp with a read key", async ({ request, baseURL }) => {
  const { token } = await (await request.post("/rest/login", { data: { email: "demo@example.com", contraseña: "demo-password" } })).json();
  const created = await request.post("/rest/api/api-keys", { headers: { Token: token }, data: { name: "Claude Desktop", scope: "read" } });
  const { key } = await created.json();
  const client = new Client({ name: "smoke", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL("/mcp", baseURL), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
  try {
    const tools = (await client.listTools()).tools.map((t) => t.name);
    expect(tools).toContain("get_scorecard");
    expect(tools).not.toContain("write_values");
    const answer = (await client.callTool({ name: "list_scorecards", arguments: {} })) as unknown as { structuredContent: { scorecards: { name: string }[] } };
    expect(answer.structuredContent.scorecards.map((s) => s.name)).toEqual(["Acme Corp balanced scorecard", "Sales team scorecard", "IT operations scorecard"]);
  } finally {
    await client.close();
  }
  const metadata = await (await request.get("/.well-known/oauth-protected-resource/mcp")).json();
  expect(metadata).toMatchObject({ resource: `${new URL(baseURL!).origin}/mcp`, bearer_methods_supported: ["header"] });
});
