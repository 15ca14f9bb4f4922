import { readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { unsealData } from "iron-session";
import { E2E_DATA_DIR } from "../playwright.config";

export const DEMO = { email: "demo@example.com", password: "demo-password" };

interface Fixtures {
  /** The demo account's call budget, read through access/info (which is not counted). */
  usedCalls: () => Promise<number>;
  /** Every response body the page received, as text, collected until the end of the test. */
  responseBodies: () => Promise<string[]>;
  /** The API token sealed in the page's session cookie, unsealed with the server's own secret. */
  sessionToken: () => Promise<string>;
}

export const test = base.extend<Fixtures>({
  usedCalls: async ({ playwright, baseURL }, use) => {
    const api = await playwright.request.newContext({ baseURL });
    const login = await api.post("/rest/login", { data: { email: DEMO.email, contraseña: DEMO.password } });
    const { token } = await login.json();
    await use(async () => (await (await api.get("/rest/api/access/info", { headers: { Token: token } })).json()).usedCount);
    await api.dispose();
  },
  responseBodies: async ({ page }, use) => {
    const bodies: Promise<string>[] = [];
    page.on("response", (response) =>
      bodies.push(
        response.body().then(
          (b) => b.toString("utf8"),
          () => "",
        ),
      ),
    );
    await use(() => Promise.all(bodies));
  },
  sessionToken: async ({ context }, use) => {
    await use(async () => {
      const cookie = (await context.cookies()).find((c) => c.name === "gauge_session");
      expect(cookie, "the session cookie").toBeDefined();
      const password = readFileSync(path.join(E2E_DATA_DIR, "session-secret"), "utf8").trim();
      const session = await unsealData<{ token?: string }>(cookie!.value, { password });
      expect(session.token).toMatch(/^gst_/);
      return session.token!;
    });
  },
});

export { expect };

/** Pastes tab-separated text into the focused grid cell, as a spreadsheet's copy would. */
export async function pasteInto(page: Page, label: string, text: string) {
  await page.getByLabel(label, { exact: true }).evaluate((input, data) => {
    const transfer = new DataTransfer();
    transfer.setData("text/plain", data);
    input.dispatchEvent(new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }));
  }, text);
}

/** Logs the page in as the demo manager through the login form (at `path`, /login by default) and waits for the scorecards. */
export async function logInAsDemo(page: Page, path = "/login") {
  await page.goto(path);
  await page.getByLabel("E-mail").fill(DEMO.email);
  await page.getByLabel("Password").fill(DEMO.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("heading", { name: "Scorecards" })).toBeVisible();
}

/**
 * The period headers of a value grid, read once the grid has rendered: the grid streams in after
 * its reads, and allInnerTexts() does not wait.
 */
export async function gridPeriods(grid: Locator): Promise<string[]> {
  await expect(grid.getByRole("columnheader").nth(1)).toBeVisible();
  return (await grid.getByRole("columnheader").allInnerTexts()).slice(1);
}

/** Axe's serious and critical findings on the page as it is now, one line each: the rule, and where (its first three places). */
export async function seriousFindings(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    );
}

/** The status a KPI's row in the scorecard's table reads ("On track 100 %"), without its mark or its reason; "" for none. */
export async function rowStatus(page: Page, name: string): Promise<string> {
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) });
  return (await row.getByRole("cell").nth(2).innerText())
    .replace(/\s+/g, " ")
    .split(" :")[0]!
    .replace(/^[●▲■○] /, "")
    .trim();
}
