import { AUTH_FILE } from "../../playwright.config";
import { DEMO, expect, test } from "../fixtures";

test("dates are typed as Gauge's language writes them, whatever the browser's language", async ({ browser, baseURL }) => {
  // A person who chose Spanish in Gauge, in a browser set to American English.
  const context = await browser.newContext({ baseURL, locale: "en-US", storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  try {
    const { token } = await (await page.request.post("/rest/login", { data: { email: DEMO.email, contraseña: DEMO.password } })).json();
    const email = `fechas-${Date.now()}@example.com`;
    const invitation = await (await page.request.post("/rest/api/invitations", { headers: { Token: token }, data: { email, role: "viewer" } })).json();
    expect((await page.request.post("/rest/invitations/accept", { data: { token: invitation.token, password: "a long enough password" } })).status()).toBe(200);
    const own = await (await page.request.post("/rest/login", { data: { email, contraseña: "a long enough password" } })).json();
    expect((await page.request.put("/rest/api/me/preferences", { headers: { Token: own.token }, data: { language: "es" } })).status()).toBe(200);
    await page.goto("/login");
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill("a long enough password");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByRole("heading", { name: "Cuadros de mando" })).toBeVisible();

    await page.goto("/s/1?period=MONTH&from=2025-12-01&to=2026-11-30");
    const from = page.getByLabel("Desde");
    await expect(from).toHaveValue("01/12/2025");
    await expect(from).toHaveAttribute("placeholder", "dd/mm/aaaa");
    await expect(page.getByLabel("Hasta")).toHaveValue("30/11/2026");
    await page.screenshot({ path: "e2e/screenshots/dates-spanish.png" });

    await from.fill("1/10/2026");
    await page.getByRole("button", { name: "Aplicar" }).click();
    await expect(page).toHaveURL(/from=2026-10-01/);
    await expect(page.getByLabel("Desde")).toHaveValue("01/10/2026");

    // Not a calendar date: the form says how to type it and goes nowhere.
    await page.getByLabel("Desde").fill("31/02/2026");
    await page.getByRole("button", { name: "Aplicar" }).click();
    expect(await page.getByLabel("Desde").evaluate((input: HTMLInputElement) => input.validationMessage)).toBe("Escribe la fecha como dd/mm/aaaa");
    await expect(page).toHaveURL(/from=2026-10-01/);

    // The same page in English writes the month first.
    await page.request.put("/rest/api/me/preferences", { headers: { Token: own.token }, data: { language: "en" } });
    await page.goto("/s/1?period=MONTH&from=2025-12-01&to=2026-11-30");
    await expect(page.getByLabel("From", { exact: true })).toHaveValue("12/01/2025");
  } finally {
    await context.close();
  }
});

test("at 1440 px the header holds its links, the person and the theme in one row, in English and in Spanish", async ({ browser, baseURL }) => {
  for (const locale of ["en-US", "es-ES"]) {
    const context = await browser.newContext({ baseURL, locale, viewport: { width: 1440, height: 900 }, storageState: AUTH_FILE });
    const page = await context.newPage();
    await page.goto("/s/1");
    const header = page.getByRole("banner");
    const [bar, link] = [await header.boundingBox(), await header.getByRole("link", { name: "Gauge", exact: true }).boundingBox()];
    // One row: the bar is no taller than its tallest item and its padding.
    expect(bar!.height, locale).toBeLessThan(link!.height + 48);
    await context.close();
  }
});
