import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { DEMO, expect, test } from "../fixtures";

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
    [document.body.innerText, document.title, ...[...document.querySelectorAll("[aria-label],[title],[placeholder]")].flatMap((e) => ["aria-label", "title", "placeholder"].map((a) => e.getAttribute(a) ?? ""))].join("\n"),
  );
  expect(englishOnly.filter((sentence) => text.includes(sentence)), page.url()).toEqual([]);
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
    const week = (await page.getByRole("columnheader").allInnerTexts())[1]!;
    expect(week).toMatch(/^Sem\. \d+ [a-z]+ \d{4}$/);
    const cell = page.getByLabel(`Qualified leads, ${week}`, { exact: true });
    await cell.fill("1.234,5");
    await expect(page.getByText("1 cambio pendiente")).toBeVisible();
    await page.getByRole("button", { name: "Guardar 1 valor" }).click();
    // Far from the usual weekly leads: the grid asks first, in Spanish.
    await page.getByRole("button", { name: "Guardar de todos modos" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Se guardó 1 valor." })).toBeVisible();
    // Shown back in Spanish marks, and stored as the number typed.
    await expect(cell).toHaveValue("1234,5");
    const start = await cell.evaluate((input) => input.closest("table")!.querySelectorAll("th[data-start]")[Number((input as HTMLInputElement).dataset.col)]!.getAttribute("data-start"));
    const { token } = await (await page.request.post("/rest/login", { data: { email: DEMO.email, contraseña: DEMO.password } })).json();
    const headers = { Token: token };
    type Node = { guid: string; name: string; children: Node[] };
    const find = (node: Node): Node | undefined => (node.name === "Qualified leads" ? node : node.children.map(find).find(Boolean));
    const leads = find((await (await page.request.get("/rest/api/document/2/kpi/tree", { headers })).json()).root)!;
    const stored = await (await page.request.get(`/rest/api/document/2/kpi/indicator/${leads.guid}/value/${start}`, { headers })).json();
    expect(stored.value).toBe(1234.5);
    await context.close();
  });
});
