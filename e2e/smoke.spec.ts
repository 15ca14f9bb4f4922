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
