import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { E2E_SMTP_PORT } from "../../playwright.config";
import { mailText, startSmtp } from "../../lib/testing/smtp";
import { DEMO, expect, gridPeriods, test } from "../fixtures";
import { pageRoutes } from "../page-routes";

const NO_SESSION = { cookies: [], origins: [] };

type Tree = { [key: string]: string | Tree };
const messages = (locale: string) => JSON.parse(readFileSync(new URL(`../../messages/${locale}.json`, import.meta.url), "utf8")) as Tree;
const [en, es] = [messages("en"), messages("es")];
const leaves = (tree: Tree, prefix = ""): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === "string" ? [[prefix + k, v] as [string, string]] : leaves(v, `${prefix}${k}.`)));
const spanish = new Map(leaves(es));

/**
 * Sentences of the English messages that the Spanish ones do not share: the fixed parts between
 * placeholders, long enough (three words or more) not to be a KPI's own name.
 */
const englishOnly = leaves(en)
  .filter(([key, text]) => spanish.get(key) !== text)
  .flatMap(([, text]) => text.split(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}|<\/?\w+>/))
  .map((part) => part.trim())
  .filter((part) => part.split(/\s+/).length >= 3);

/** The page's visible text and its labels hold no English message. */
async function expectNoEnglish(page: Page) {
  const text = await page.evaluate(() =>
    [
      document.body.innerText,
      document.title,
      ...[...document.querySelectorAll("[aria-label],[title],[placeholder]")].flatMap((e) =>
        ["aria-label", "title", "placeholder"].map((a) => e.getAttribute(a) ?? ""),
      ),
    ].join("\n"),
  );
  expect(
    englishOnly.filter((sentence) => text.includes(sentence)),
    page.url(),
  ).toEqual([]);
}

/** The demo admin's API token. */
async function demoToken(page: Page): Promise<string> {
  return (await (await page.request.post("/rest/login", { data: { email: DEMO.email, contraseña: DEMO.password } })).json()).token;
}

/** A new person of the demo account with `role`, made as an admin would (invitation, then joining), logged in in a Spanish browser. */
async function spanishPerson(browser: Browser, baseURL: string, email: string, role: "expert" | "viewer") {
  const context = await browser.newContext({ baseURL, locale: "es-ES", timezoneId: "Europe/Madrid", storageState: NO_SESSION });
  const page = await context.newPage();
  const token = await demoToken(page);
  const invitation = await (await page.request.post("/rest/api/invitations", { headers: { Token: token }, data: { email, role } })).json();
  expect((await page.request.post("/rest/invitations/accept", { data: { token: invitation.token, password: "una contraseña larga" } })).status()).toBe(200);
  await page.goto("/login");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña").fill("una contraseña larga");
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page.getByRole("heading", { name: "Cuadros de mando" })).toBeVisible();
  return { context, page };
}

test.describe("Gauge in Spanish", () => {
  test.use({ locale: "es-ES", timezoneId: "Europe/Madrid" });

  test("a Spanish browser logs in, reads a scorecard and enters 1.234,5, stored as 1234.5", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, locale: "es-ES", timezoneId: "Europe/Madrid", storageState: NO_SESSION });
    const page = await context.newPage();
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expectNoEnglish(page);
    await page.getByLabel("Correo electrónico").fill(DEMO.email);
    await page.getByLabel("Contraseña").fill(DEMO.password);
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect(page.getByRole("heading", { name: "Cuadros de mando" })).toBeVisible();
    await expectNoEnglish(page);

    await page.goto("/s/2?period=MONTH");
    const table = page.getByRole("table", { name: "KPI con sus últimos valores" });
    await expect(table.getByRole("columnheader", { name: "Meta" })).toBeVisible();
    await expect(table.getByText(/En camino|En riesgo|Desviado/).first()).toBeAttached();
    await expectNoEnglish(page);

    await page.goto("/s/2/values?period=WEEK");
    await expect(page.getByRole("table", { name: "Valores de los KPI por periodo" })).toBeVisible();
    await expectNoEnglish(page);
    // The demo's units read in Spanish too.
    await expect(page.getByText("(oportunidades)", { exact: true })).toBeVisible();
    const week = (await gridPeriods(page.getByRole("table", { name: "Valores de los KPI por periodo" })))[0]!;
    expect(week).toMatch(/^Sem\. \d+ [a-z]+ \d{4}$/);
    const cell = page.getByLabel(`Qualified leads, ${week}`, { exact: true });
    // A field's problem reads in Spanish too.
    await cell.fill("mucho");
    await expect(page.getByText(/^Escribe un número, como 1234,5/).first()).toBeVisible();
    await cell.fill("1.234,5");
    await expect(page.getByText("1 cambio pendiente")).toBeVisible();
    await page.getByRole("button", { name: "Guardar 1 valor" }).click();
    // Far from the usual weekly leads: the grid asks first, in Spanish.
    await page.getByRole("button", { name: "Guardar de todos modos" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Se guardó 1 valor." })).toBeVisible();
    // Shown back in Spanish marks, and stored as the number typed.
    await expect(cell).toHaveValue("1234,5");
    const start = await cell.evaluate((input) =>
      input.closest("table")!.querySelectorAll("th[data-start]")[Number((input as HTMLInputElement).dataset.col)]!.getAttribute("data-start"),
    );
    const { token } = await (await page.request.post("/rest/login", { data: { email: DEMO.email, contraseña: DEMO.password } })).json();
    const headers = { Token: token };
    type Node = { guid: string; name: string; children: Node[] };
    const find = (node: Node): Node | undefined => (node.name === "Qualified leads" ? node : node.children.map(find).find(Boolean));
    const leads = find((await (await page.request.get("/rest/api/document/2/kpi/tree", { headers })).json()).root)!;
    const stored = await (await page.request.get(`/rest/api/document/2/kpi/indicator/${leads.guid}/value/${start}`, { headers })).json();
    expect(stored.value).toBe(1234.5);
    await context.close();
  });

  test("every page speaks Spanish to an admin, an expert and a viewer", async ({ browser, baseURL }) => {
    test.setTimeout(180_000);
    const admin = await browser.newContext({ baseURL, locale: "es-ES", timezoneId: "Europe/Madrid" });
    const people = [
      { who: "admin", page: await admin.newPage() },
      { who: "expert", page: (await spanishPerson(browser, baseURL!, "experta@ejemplo.es", "expert")).page },
      { who: "viewer", page: (await spanishPerson(browser, baseURL!, "lector@ejemplo.es", "viewer")).page },
    ];
    // A message a page's components read but the page did not send is logged in the browser.
    const missing: string[] = [];
    for (const { page } of people)
      page.on("console", (message) => void (/MISSING_MESSAGE/.test(message.text()) && missing.push(`${page.url()}: ${message.text()}`)));
    for (const { who, page } of people) {
      for (const route of pageRoutes()) {
        await page.goto(route);
        await expect(page.locator("html"), `${who} ${route}`).toHaveAttribute("lang", "es");
        await expect(page.locator("body")).not.toHaveText(/^\s*$/);
        await expectNoEnglish(page);
      }
    }
    expect(missing).toEqual([]);
    // The log the API writes in English reads in Spanish: the invitations above are in it.
    await people[0]!.page.goto("/activity");
    await expect(people[0]!.page.getByRole("cell", { name: /invitó a una persona/ }).first()).toBeVisible();
    // Each way in reads in Spanish ("sesión, desde el panel"), never as the client's own label.
    await expect(people[0]!.page.getByText(/, (desde el panel|a través de la API)$/).first()).toBeVisible();
    await expect(people[0]!.page.getByText(/, (a través de )?(dashboard|api|import|cli|system|connector|scim)$/)).toHaveCount(0);
    await expectNoEnglish(people[0]!.page);
    await Promise.all(people.map(({ page }) => page.context().close()));
  });

  test("a person who chooses Spanish on the Account page gets it everywhere, and on the login page after logging out", async ({ browser, baseURL }) => {
    // An English browser: the choice, not the browser, makes it Spanish.
    const context = await browser.newContext({ baseURL, locale: "en-US", storageState: NO_SESSION });
    const page = await context.newPage();
    const token = await demoToken(page);
    const invitation = await (
      await page.request.post("/rest/api/invitations", { headers: { Token: token }, data: { email: "elige@ejemplo.es", role: "viewer" } })
    ).json();
    expect((await page.request.post("/rest/invitations/accept", { data: { token: invitation.token, password: "una contraseña larga" } })).status()).toBe(200);
    await page.goto("/login");
    await page.getByLabel("E-mail").fill("elige@ejemplo.es");
    await page.getByLabel("Password").fill("una contraseña larga");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByRole("heading", { name: "Scorecards" })).toBeVisible();
    await page.goto("/account");
    await page.getByLabel("Language of the dashboard and of your e-mails").selectOption("es");
    await expect(page.getByRole("heading", { name: "Tu cuenta" })).toBeVisible();
    await expect(page.getByLabel("Idioma del panel y de tus correos")).toHaveValue("es");
    await page.getByRole("link", { name: "Cuadros de mando" }).click();
    await expect(page.getByRole("heading", { name: "Cuadros de mando" })).toBeVisible();
    await page.getByRole("button", { name: "Cerrar sesión" }).click();
    await expect(page.getByRole("button", { name: "Iniciar sesión" })).toBeVisible();
    await expectNoEnglish(page);
    await context.close();
  });

  test("a connector's schedule reads in Spanish", async ({ page }) => {
    const headers = { Token: await demoToken(page) };
    const created = await page.request.post("/rest/api/connectors", {
      headers,
      data: {
        name: "Cifras del ERP",
        kind: "json",
        shape: "rows",
        docId: 1,
        source: { url: "http://127.0.0.1:9/cifras.json" },
        mapping: { kpi: "kpi", date: "day", value: "amount" },
        schedule: { cron: "0 6 * * 1-5", timeZone: "Europe/Madrid" },
      },
    });
    expect(created.status()).toBe(201);
    const { id } = await created.json();
    try {
      await page.goto("/connectors");
      await expect(page.getByRole("listitem").filter({ hasText: "Cifras del ERP" })).toContainText(
        "Se ejecuta a las 06:00, de lunes a viernes (hora de Europe/Madrid)",
      );
      await expectNoEnglish(page);
    } finally {
      await page.request.delete(`/rest/api/connectors/${id}`, { headers });
    }
  });

  test("an alert e-mails a Spanish reader in Spanish, and the board pack PDF reads in Spanish", async ({ browser, baseURL }) => {
    const smtp = await startSmtp(E2E_SMTP_PORT);
    try {
      const { context, page } = await spanishPerson(browser, baseURL!, "alertas@ejemplo.es", "expert");
      const token = await demoToken(page);
      const headers = { Token: token };
      const me = (await (await page.request.get("/rest/api/users", { headers })).json()).items.find((u: { email: string }) => u.email === "alertas@ejemplo.es");
      // The browser's Spanish is not the person's choice: e-mails need it chosen.
      expect(
        (
          await page.request.put("/rest/api/me/preferences", {
            headers: {
              Token: (
                await (await page.request.post("/rest/login", { data: { email: "alertas@ejemplo.es", contraseña: "una contraseña larga" } })).json()
              ).token,
            },
            data: { language: "es" },
          })
        ).status(),
      ).toBe(200);
      type Node = { guid: string; name: string; children: Node[] };
      const find = (node: Node): Node | undefined => (node.name === "Revenue" ? node : node.children.map(find).find(Boolean));
      const revenue = find((await (await page.request.get("/rest/api/document/1/kpi/tree", { headers })).json()).root)!;
      const alert = await page.request.post("/rest/api/document/1/alerts", {
        headers,
        data: { name: "Ingresos altos", kpiGuid: revenue.guid, condition: "VALUE_ABOVE", threshold: 1, emailUserIds: [me.id] },
      });
      expect(alert.status()).toBe(201);
      // Alerts watch a KPI's latest value: a value after every other one fires it (and is removed after).
      const value = await page.request.post(`/rest/api/document/1/kpi/indicator/${revenue.guid}/value/2027-01-15`, { headers, data: { value: 1234.5 } });
      expect(value.status()).toBe(200);
      // Its invitation came to the same address first, in the inviting admin's language.
      const mails = () => smtp.received.filter((m) => m.to.includes("alertas@ejemplo.es") && mailText(m.raw).includes("Ingresos altos"));
      await expect.poll(() => mails().length, { timeout: 20_000 }).toBeGreaterThan(0);
      const mail = mailText(mails()[0]!.raw);
      expect(mail).toContain("Ingresos altos: Revenue está en");
      expect(mail).toContain("Valor: 1234,5 US$ el 15 ene 2027");
      expect(mail).toContain("Condición: Valor por encima de 1 US$");
      await page.request.delete(`/rest/api/document/1/alerts/${(await alert.json()).id}`, { headers });
      await page.request.delete(`/rest/api/document/1/kpi/indicator/${revenue.guid}/values/2027-01-15`, { headers });

      // The board pack's PDF from the Spanish print view.
      const admin = await browser.newContext({ baseURL, locale: "es-ES", timezoneId: "Europe/Madrid" });
      const pack = await admin.newPage();
      await pack.goto("/s/1/pack?date=2026-11-15&period=MONTH");
      const [download] = await Promise.all([pack.waitForEvent("download"), pack.getByRole("link", { name: "Descargar PDF" }).click()]);
      const file = await download.path();
      const text = execFileSync("pdftotext", ["-layout", file!, "-"], { encoding: "utf8" });
      expect(text).toContain("informe para el consejo");
      expect(text).toContain("A fecha de 15 nov 2026, por mes");
      expect(text).toMatch(/Meta\s+Estado/);
      expect(text).toMatch(/página 1 de \d+/);
      await admin.close();
      await context.close();
    } finally {
      await smtp.close();
    }
  });

  test("a KPI's Spanish name shows to Spanish readers, the original to others, and the editor sets it", async ({ browser, baseURL }) => {
    const spanish = await browser.newContext({ baseURL, locale: "es-ES", timezoneId: "Europe/Madrid" });
    const english = await browser.newContext({ baseURL, locale: "en-US" });
    const [es, en] = [await spanish.newPage(), await english.newPage()];
    const headers = { Token: await demoToken(es) };
    type Node = { guid: string; name: string; children: Node[] };
    const find = (node: Node): Node | undefined => (node.name === "Revenue" ? node : node.children.map(find).find(Boolean));
    const revenue = find((await (await es.request.get("/rest/api/document/1/kpi/tree", { headers })).json()).root)!;
    try {
      // Set in the editor, in Spanish.
      await es.goto("/s/1/edit");
      await es.getByRole("button", { name: "Revenue", exact: true }).click();
      const form = es.getByRole("form", { name: "Editar Revenue" });
      await form.getByLabel("Nombre en Español").fill("Ingresos");
      await form.getByLabel("Descripción en Español").fill("Ventas facturadas");
      await es.getByRole("button", { name: "Guardar", exact: true }).click();
      await expect(es.getByRole("status").filter({ hasText: "Se guardó Revenue." })).toBeVisible();
      const tree = await (await es.request.get("/rest/api/document/1/kpi/tree", { headers })).json();
      expect(find(tree.root)).toMatchObject({ name: "Revenue", translations: { es: { name: "Ingresos", description: "Ventas facturadas" } } });

      await es.goto("/s/1?period=MONTH");
      await expect(es.getByRole("table", { name: "KPI con sus últimos valores" }).getByRole("link", { name: "Ingresos", exact: true })).toBeVisible();
      await en.goto("/s/1?period=MONTH");
      await expect(en.getByRole("table", { name: "KPIs with their latest values" }).getByRole("link", { name: "Revenue", exact: true })).toBeVisible();
    } finally {
      await es.request.patch(`/rest/api/document/1/kpi/${revenue.guid}`, { headers, data: { translations: {} } });
      await spanish.close();
      await english.close();
    }
  });
});
