import { startReceiver, until } from "../../lib/testing/receiver";
import { expect, test } from "../fixtures";

test("an alert created in the dashboard delivers a signed webhook when a value trips it", async ({ page, context }) => {
  const receiver = await startReceiver();
  try {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/webhooks");
    await page.getByLabel("Name").fill("Ops receiver");
    await page.getByLabel("URL").fill(receiver.url);
    await page.getByRole("button", { name: "Create webhook" }).click();
    const secret = page.getByLabel("Signing secret", { exact: true });
    await expect(secret).toHaveText(/^whsec_/);
    receiver.useSecret((await secret.textContent())!);
    await page.getByRole("button", { name: "Copy signing secret" }).click();
    await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
    await page.getByRole("button", { name: "Done" }).click();
    await expect(page.getByLabel("Signing secret", { exact: true })).toHaveCount(0);

    await page.goto("/s/1/alerts");
    await page.getByLabel("Name").fill("Churn too high");
    await page.getByLabel("KPI").selectOption({ label: "Churn rate" });
    await page.getByLabel("When").selectOption({ label: "Value goes above" });
    await page.getByLabel("Threshold").fill("10");
    await page.getByLabel("Post to webhook").selectOption({ label: "Ops receiver" });
    await page.getByRole("button", { name: "Create alert" }).click();
    await expect(page.getByRole("rowheader", { name: "Churn too high" })).toBeVisible();
    await page.screenshot({ path: "e2e/screenshots/alerts-with-alert.png" });

    await page.goto("/s/1/values?period=MONTH");
    const grid = page.getByRole("table", { name: "KPI values by period" });
    // allInnerTexts() does not wait: wait for the grid's first period column before reading them.
    await expect(grid.getByRole("columnheader").nth(1)).toBeVisible();
    const months = (await grid.getByRole("columnheader").allInnerTexts()).slice(1);
    await page.getByLabel(`Churn rate, ${months.at(-1)}`, { exact: true }).fill("12.5");
    await page.getByRole("button", { name: "Save 1 value" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved 1 value." })).toBeVisible();

    await until(() => receiver.received.length === 1, 15_000, "the alert's delivery");
    const [delivery] = receiver.received;
    expect(delivery!.verified).toBe(true);
    expect(delivery!.body).toMatchObject({ type: "alert.triggered", data: { kpi: { name: "Churn rate" }, value: 12.5, alert: { name: "Churn too high" } } });

    await page.goto("/webhooks");
    const hook = page.getByRole("listitem").filter({ hasText: "Ops receiver" });
    await hook.getByRole("button", { name: "Delivery log" }).click();
    const log = page.getByRole("table", { name: "Delivery attempts of Ops receiver" });
    await expect(log.getByRole("row").filter({ hasText: "✓ Delivered" }).filter({ hasText: "204" })).toHaveCount(1);
    await expect(log).toContainText(delivery!.id);

    await hook.getByRole("button", { name: "Send test event" }).click();
    await until(() => receiver.received.length === 2, 15_000, "the test event");
    expect((receiver.received[1]!.body as { type: string }).type).toBe("webhook.test");
    await hook.getByRole("button", { name: "Refresh" }).click();
    await expect(log.getByRole("row").filter({ hasText: "✓ Delivered" })).toHaveCount(2);
    await page.screenshot({ path: "e2e/screenshots/webhooks-delivery-log.png" });
  } finally {
    await receiver.close();
  }
});
