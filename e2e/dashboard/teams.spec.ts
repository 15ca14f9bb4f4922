import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Browser, Page } from "@playwright/test";
import { E2E_SMTP_PORT } from "../../playwright.config";
import { until } from "../../lib/testing/receiver";
import { mailText, startSmtp } from "../../lib/testing/smtp";
import { expect, test } from "../fixtures";

/** Invites a person from the People page and returns the invitation link shown once. */
async function invite(page: Page, email: string, role: "Expert" | "Viewer") {
  await page.goto("/people");
  await page.getByLabel("E-mail").fill(email);
  await page.locator("#invite-role").selectOption({ label: role });
  await page.getByRole("button", { name: "Create invitation" }).click();
  const link = page.getByLabel("Invitation link", { exact: true });
  await expect(link).toHaveText(/\/join\/gin_/);
  const url = (await link.textContent())!;
  await page.getByRole("button", { name: "Done" }).click();
  return url;
}

/** Opens an invitation in a browser of its own (no session) and joins with a password. */
async function join(browser: Browser, url: string, email: string, role: "an expert" | "a viewer") {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto(url);
  // The page says which account, which login and which role it joins, and offers the login to password managers.
  await expect(page.getByRole("heading", { name: "Join example.com on Gauge" })).toBeVisible();
  await expect(page.getByText(`demo@example.com invites you as ${role}`)).toBeVisible();
  await expect(page.getByLabel("Your login e-mail")).toHaveValue(email);
  await expect(page.getByLabel("Your login e-mail")).toHaveAttribute("autocomplete", "username");
  await page.getByLabel("Choose a password").fill("a long passphrase");
  await page.getByLabel("Repeat it").fill("a long passphrase");
  await page.getByRole("button", { name: "Join and log in" }).click();
  await expect(page.getByRole("heading", { name: "Scorecards" })).toBeVisible();
  await expect(page.getByRole("banner")).toContainText(email);
  return { context, page };
}

test("an admin invites an expert and a viewer; each sees what their role allows; deactivation stops the expert at once", async ({ page, browser }) => {
  // Three people joining, logging in and changing a password, each step an scrypt hash or check at
  // OWASP's cost (128 MB): on a slow machine the journey took the whole default 30 s, before this
  // session's changes too.
  test.slow();
  // With a mail server the invitation is e-mailed too, with the same link as shown once.
  const smtp = await startSmtp(E2E_SMTP_PORT);
  let expertLink: string;
  try {
    expertLink = await invite(page, "ana.expert@example.com", "Expert");
    await until(() => smtp.received.length === 1, 10_000, "the invitation e-mail");
    expect(smtp.received[0]!.to).toEqual(["ana.expert@example.com"]);
    const mail = mailText(smtp.received[0]!.raw);
    expect(mail).toContain("Subject: demo@example.com invites you to example.com on Gauge");
    expect(mail).toContain(new URL(expertLink).pathname);
  } finally {
    await smtp.close();
  }
  const viewerLink = await invite(page, "victor.viewer@example.com", "Viewer");
  await expect(page.getByRole("region", { name: "Open invitations" })).toContainText("ana.expert@example.com");
  await page.screenshot({ path: "e2e/screenshots/people.png", fullPage: true });

  const expert = await join(browser, expertLink, "ana.expert@example.com", "an expert");
  // The demo's scorecards are shared with the whole account for editing.
  await expect(expert.page.getByRole("link", { name: /Acme Corp balanced scorecard/ })).toContainText("Shared, can edit");
  await expert.page.goto("/s/1");
  await expect(expert.page.getByRole("link", { name: "Enter values" })).toBeVisible();
  await expect(expert.page.getByRole("link", { name: "Share", exact: true })).toHaveCount(0);
  // People never spend the account's pooled calls: no budget in anyone's header.
  await expect(expert.page.getByRole("status", { name: /API calls/ })).toHaveCount(0);
  // The same link does not work twice: its page says so before anyone types a password.
  const again = await expert.context.newPage();
  await again.goto(expertLink);
  await expect(again.getByRole("heading", { name: "This invitation cannot be used" })).toBeVisible();
  await expect(again.getByText("already used")).toBeVisible();
  await expect(again.getByLabel("Choose a password")).toHaveCount(0);

  const viewer = await join(browser, viewerLink, "victor.viewer@example.com", "a viewer");
  await expect(viewer.page.getByRole("link", { name: /Acme Corp balanced scorecard/ })).toContainText("Shared, read only");
  await viewer.page.goto("/s/1");
  await expect(viewer.page.getByRole("table", { name: "KPIs with their latest values" })).toBeVisible();
  await expect(viewer.page.getByRole("link", { name: "Enter values" })).toHaveCount(0);
  await expect(viewer.page.getByRole("status", { name: /API calls/ })).toHaveCount(0);
  await expect(viewer.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "People" })).toHaveCount(0);
  await viewer.page.goto("/s/1/values");
  await expect(viewer.page.getByRole("heading", { name: "This scorecard is read-only for you" })).toBeVisible();
  // What a viewer cannot use is not offered, and opened by hand it is a page that says so, never a crash.
  await viewer.page.goto("/s/1");
  await expect(viewer.page.getByRole("table", { name: "KPIs with their latest values" })).toBeVisible();
  await expect(viewer.page.getByRole("link", { name: "Alerts" })).toHaveCount(0);
  for (const [path, heading] of [
    ["/s/1/alerts", "Alerts are set up by experts and admins"],
    ["/webhooks", "Only admins manage webhooks"],
    ["/people", "Only admins manage people"],
  ]) {
    await viewer.page.goto(path!);
    await expect(viewer.page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(viewer.page.getByText(/Minified React error|Error:|digest/)).toHaveCount(0);
  }
  // Even sent by hand, a viewer's write is refused with a clear message.
  const write = await viewer.page.request.post("/api/document/1/kpi/batch/set-values", {
    headers: { Origin: new URL(viewer.page.url()).origin },
    data: { items: [{ guid: "00000000-0000-4000-8000-000000000000", date: "2026-01-01", value: 1 }] },
  });
  expect(write.status()).toBe(403);
  expect(await write.json()).toMatchObject({ code: "forbidden", errorMessage: expect.stringContaining("viewer may only read") });

  // A person changes their own password; the new one logs in.
  await viewer.page.getByRole("link", { name: /victor\.viewer@example\.com/ }).click();
  await viewer.page.getByLabel("Current password").fill("a long passphrase");
  await viewer.page.getByLabel("New password", { exact: true }).fill("a newer passphrase");
  await viewer.page.getByLabel("Repeat the new password").fill("a newer passphrase");
  await viewer.page.getByRole("button", { name: "Change password" }).click();
  await expect(viewer.page.getByRole("status").filter({ hasText: "Password changed" })).toBeVisible();
  const relogin = await viewer.page.request.post("/rest/login", { data: { email: "victor.viewer@example.com", contraseña: "a newer passphrase" } });
  expect(relogin.status()).toBe(200);

  // The admin deactivates the expert: their next page goes to the login.
  await page.goto("/people");
  page.once("dialog", (dialog) => dialog.accept());
  await page
    .getByRole("row", { name: /ana\.expert@example\.com/ })
    .getByRole("button", { name: "Deactivate" })
    .click();
  await expect(page.getByRole("row", { name: /ana\.expert@example\.com/ })).toContainText("Deactivated");
  await expert.page.goto("/s/1");
  await expect(expert.page).toHaveURL(/\/login/);
  await expert.context.close();
  await viewer.context.close();
});

test("API keys are shown once, no higher than their creator's role, with a scope, listed with last use, and revoked", async ({ page }) => {
  await page.goto("/api-keys");
  await page.getByLabel("Name").fill("Nightly BI export");
  await page.locator("#key-role").selectOption({ label: "Viewer" });
  await page.getByLabel("Scope").selectOption({ label: "Read only" });
  await page.getByRole("button", { name: "Create key" }).click();
  const key = (await page.getByLabel("API key", { exact: true }).textContent())!;
  expect(key).toMatch(/^gak_/);
  await page.screenshot({ path: "e2e/screenshots/api-keys.png", fullPage: true });
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByLabel("API key", { exact: true })).toHaveCount(0);

  const used = await page.request.get("/rest/api/documents/list", { headers: { Token: key } });
  expect(used.status()).toBe(200);
  const refused = await page.request.post("/rest/api/document/1/kpi/batch/set-values", {
    headers: { Token: key },
    data: { items: [{ guid: "00000000-0000-4000-8000-000000000000", date: "2026-01-01", value: 1 }] },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).errorMessage).toBe("This API key has the read scope: batchSetValues writes, and needs a key with the write scope");
  await page.reload();
  // The pool's table names the key as what spent the call; the keys' own table lists it.
  await expect(
    page.getByRole("table", { name: "What spent this hour's calls" }).getByRole("row", { name: /^Nightly BI export API key demo@example\.com \d+$/ }),
  ).toBeVisible();
  const keys = page.getByRole("table", { name: "API keys" });
  const row = keys.getByRole("row", { name: /Nightly BI export/ });
  await expect(row).toContainText("viewer");
  await expect(row).toContainText("Read only");
  await expect(row).not.toContainText("Never");

  page.once("dialog", (dialog) => dialog.accept());
  await row.getByRole("button", { name: "Revoke Nightly BI export" }).click();
  await expect(keys.getByRole("row", { name: /Nightly BI export/ })).toHaveCount(0);
  expect((await page.request.get("/rest/api/documents/list", { headers: { Token: key } })).status()).toBe(401);
});

test("the API keys page says how to connect an AI assistant, and a client set up as it says reads the scorecards", async ({ page, baseURL }) => {
  await page.goto("/api-keys");
  const card = page.getByRole("region", { name: "Connect an AI assistant (MCP)" });
  await expect(card).toBeVisible();
  const url = await card.getByRole("figure", { name: "MCP server address" }).textContent();
  expect(url).toBe(`${new URL(baseURL!).origin}/mcp`);
  const config = JSON.parse((await card.getByRole("figure", { name: "Configuration for clients that take JSON" }).textContent())!);
  expect(config.mcpServers.gauge).toEqual({ type: "http", url, headers: { Authorization: "Bearer <your API key>" } });

  await page.getByLabel("Name").fill("Claude Desktop");
  await page.getByLabel("Scope").selectOption({ label: "Read only" });
  await page.getByRole("button", { name: "Create key" }).click();
  const key = (await page.getByLabel("API key", { exact: true }).textContent())!;
  await page.getByRole("button", { name: "Done" }).click();
  const client = new Client({ name: "as-the-page-says", version: "1.0.0" });
  const headers = { Authorization: config.mcpServers.gauge.headers.Authorization.replace("<your API key>", key) };
  await client.connect(new StreamableHTTPClientTransport(new URL(config.mcpServers.gauge.url), { requestInit: { headers } }));
  try {
    const answer = (await client.callTool({ name: "list_scorecards", arguments: {} })).structuredContent as { scorecards: { name: string }[] };
    expect(answer.scorecards.map((s) => s.name)).toContain("Acme Corp balanced scorecard");
  } finally {
    await client.close();
  }
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await card.scrollIntoViewIfNeeded();
    // The address and the configuration stay inside the card on a phone: wrapped or scrolled, never clipped.
    const box = (await card.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    await card.screenshot({ path: `e2e/screenshots/api-keys-assistant-${width}.png` });
  }
});

test("a published scorecard opens for an anonymous browser, read-only, with no token, and stops when turned off", async ({ page, browser }) => {
  await page.goto("/s/2");
  await page.getByRole("link", { name: "Share" }).click();
  await page.getByRole("button", { name: "Publish a read-only link" }).click();
  const link = page.getByLabel("Public link");
  await expect(link).toHaveText(/^\/p\/[A-Za-z0-9_-]+$/);
  const path = (await link.textContent())!;
  await page.screenshot({ path: "e2e/screenshots/sharing.png", fullPage: true });

  const anonymous = await browser.newContext({ viewport: { width: 1280, height: 900 }, storageState: { cookies: [], origins: [] } });
  const visitor = await anonymous.newPage();
  const bodies: Promise<string>[] = [];
  visitor.on("response", (r) =>
    bodies.push(
      r.body().then(
        (b) => b.toString("utf8"),
        () => "",
      ),
    ),
  );
  await visitor.goto(path);
  await expect(visitor.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(visitor.getByRole("table", { name: "KPIs with their latest values" })).toBeVisible();
  await expect(visitor.getByText("Published with Gauge · read-only")).toBeVisible();
  for (const control of ["Enter values", "Share", "Alerts", "Log out"]) {
    await expect(visitor.getByRole("link", { name: control })).toHaveCount(0);
    await expect(visitor.getByRole("button", { name: control })).toHaveCount(0);
  }
  await visitor.getByRole("button", { name: "Quarter", exact: true }).click();
  await expect(visitor).toHaveURL(/period=QUARTER/);
  await visitor.screenshot({ path: "e2e/screenshots/public-scorecard.png", fullPage: true });
  const texts = await Promise.all(bodies);
  expect(texts.some((t) => /gst_|gak_/.test(t))).toBe(false);
  expect((await anonymous.cookies()).find((c) => c.name === "gauge_session")).toBeUndefined();

  await page.getByRole("button", { name: "Turn off the link" }).click();
  await expect(page.getByRole("button", { name: "Publish a read-only link" })).toBeVisible();
  // Shared reads are confirmed with the API after a few seconds; a new range is asked at once, and the API no longer knows the link.
  await visitor.goto(`${path}?period=YEAR&from=2001-01-01&to=2001-12-31`);
  await expect(visitor.getByRole("heading", { name: "There is no page at this address", level: 1 })).toBeVisible();
  await expect(visitor.getByRole("table", { name: "KPIs with their latest values" })).toHaveCount(0);
  await anonymous.close();
});
