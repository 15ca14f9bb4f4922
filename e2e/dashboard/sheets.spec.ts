import { expect, test } from "../fixtures";

test("a spreadsheet link made on the scorecard answers CSV with no cookie, until it is revoked", async ({ page, playwright }) => {
  await page.goto("/s/1");
  await page.getByRole("link", { name: "Excel / Sheets" }).click();
  await expect(page.getByRole("heading", { name: "Use in Excel, Google Sheets or Power BI" })).toBeVisible();
  await page.getByRole("button", { name: "Create a link" }).click();
  const url = (await page.getByLabel("Spreadsheet link", { exact: true }).innerText()).trim();
  expect(url).toMatch(/\/rest\/feeds\/gfd_[\w-]+$/);
  await expect(page.getByText(`=IMPORTDATA("${url}?period=MONTH")`)).toBeVisible();

  // As Google Sheets fetches it: a plain GET with no cookie and no header.
  const anonymous = await playwright.request.newContext();
  const answer = await anonymous.get(`${url}?period=QUARTER`);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect((await answer.text()).split("\r\n")[0]).toBe("KPI,GUID,Period start,Value,Target,Score,Status");

  page.on("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Done" }).click();
  await page.getByRole("list", { name: "Links to this scorecard" }).getByRole("button", { name: "Revoke" }).last().click();
  await expect.poll(async () => (await anonymous.get(url)).status()).toBe(404);
  await anonymous.dispose();
});
