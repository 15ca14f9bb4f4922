import { E2E_SMTP_PORT } from "../../playwright.config";
import { startReceiver, until } from "../../lib/testing/receiver";
import { startSmtp } from "../../lib/testing/smtp";
import { expect, gridPeriods, test } from "../fixtures";

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
    receiver.acceptSecret((await secret.textContent())!);
    await page.getByRole("button", { name: "Copy signing secret" }).click();
    await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
    await page.getByRole("button", { name: "Done" }).click();
    await expect(page.getByLabel("Signing secret", { exact: true })).toHaveCount(0);

    await page.goto("/s/1/alerts");
    await page.getByLabel("Name").fill("Churn too high");
    await page.getByLabel("KPI").selectOption({ label: "Churn rate" });
    await page.getByLabel("When").selectOption({ label: "Value goes above" });
    await page.getByLabel(/Threshold/).fill("10");
    await page.getByLabel("Post to").selectOption({ label: "Ops receiver" });
    await page.getByRole("button", { name: "Create alert" }).click();
    await expect(page.getByRole("rowheader", { name: "Churn too high" })).toBeVisible();
    await page.screenshot({ path: "e2e/screenshots/alerts-with-alert.png" });

    await page.goto("/s/1/values?period=MONTH");
    const grid = page.getByRole("table", { name: "KPI values by period" });
    const months = await gridPeriods(grid);
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

test("an alert is edited, e-mails and posts to Slack, and its history says when it fired and where it went", async ({ page }) => {
  const smtp = await startSmtp(E2E_SMTP_PORT);
  const slack = await startReceiver(() => ({ status: 200 }));
  try {
    await page.goto("/webhooks");
    await page.getByLabel("Name").fill("Team chat");
    await page.getByLabel("URL").fill(slack.url);
    await page.getByLabel("Message format").selectOption({ label: "Slack" });
    await page.getByRole("button", { name: "Create webhook" }).click();
    // A Slack message is not signed: no secret to copy, just what was made.
    await expect(page.getByRole("status").filter({ hasText: "Created “Team chat”: alerts post to it as Slack messages, which are not signed." })).toBeVisible();
    await expect(page.getByLabel("Signing secret", { exact: true })).toHaveCount(0);
    await expect(page.getByRole("listitem").filter({ hasText: "Team chat" })).toContainText("Slack");

    await page.goto("/s/1/alerts");
    const form = page.getByRole("form", { name: "New alert" });
    await form.getByLabel("Name").fill("Ideas rising");
    await form.getByLabel("KPI").selectOption({ label: "Improvement ideas" });
    await form.getByLabel("When").selectOption({ label: "Value goes above" });
    // A threshold that is not a number is refused on its field, and the rest of the input stays.
    await form.getByLabel(/Threshold/).fill("seventy");
    await form.getByRole("button", { name: "Create alert" }).click();
    await expect(form.getByText("Enter a number")).toBeVisible();
    await expect(form.getByLabel("Name")).toHaveValue("Ideas rising");
    await form.getByLabel(/Threshold/).fill("70");
    await expect(form.getByLabel("Threshold (ideas)")).toBeVisible();
    await form.getByLabel("Post to").selectOption({ label: "Team chat" });
    await form.getByRole("checkbox", { name: "demo@example.com" }).check();
    await form.getByRole("button", { name: "Create alert" }).click();
    const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Ideas rising" }) });
    await expect(row).toContainText("Value above 70 ideas");
    await expect(row).toContainText("Team chat, demo@example.com");
    await expect(row).toContainText("Never");

    await row.getByRole("button", { name: "Edit alert Ideas rising" }).click();
    const edit = page.getByRole("form", { name: "Edit alert Ideas rising" });
    await expect(edit.getByLabel(/Threshold/)).toHaveValue("70");
    await edit.getByLabel(/Threshold/).fill("60");
    await edit.getByRole("button", { name: "Save alert" }).click();
    await expect(row).toContainText("Value above 60 ideas");

    await page.goto("/s/1/values?period=MONTH");
    const grid = page.getByRole("table", { name: "KPI values by period" });
    const months = await gridPeriods(grid);
    await page.getByLabel(`Improvement ideas, ${months.at(-1)}`, { exact: true }).fill("75");
    await page.getByRole("button", { name: "Save 1 value" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved 1 value." })).toBeVisible();

    await until(() => slack.received.length === 1 && smtp.received.length === 1, 15_000, "the Slack message and the e-mail");
    const message = slack.received[0]!.body as { text: string; blocks: { type: string }[] };
    expect(message.text).toBe("Ideas rising: Improvement ideas is 75 ideas");
    expect(message.blocks.map((b) => b.type)).toEqual(["header", "section", "actions"]);
    expect(smtp.received[0]!.to).toEqual(["demo@example.com"]);

    await page.goto("/s/1/alerts");
    await row.getByRole("button", { name: "History of alert Ideas rising" }).click();
    const history = page.getByRole("list", { name: "History of Ideas rising" });
    await expect(history).toContainText("75 ideas on");
    await expect(history).toContainText("Webhook Team chat: delivered");
    await expect(history).toContainText("E-mail to demo@example.com: delivered");
    await expect(row).not.toContainText("Never");
    await expect(row.getByRole("cell").filter({ hasText: "delivered" })).toBeVisible();
    await page.screenshot({ path: "e2e/screenshots/alert-history.png", fullPage: true });

    await page.goto("/webhooks");
    const hook = page.getByRole("listitem").filter({ hasText: "Team chat" });
    await hook.getByRole("button", { name: "Delivery log" }).click();
    await expect(page.getByRole("table", { name: "Delivery attempts of Team chat" })).toContainText("Ideas rising: Improvement ideas is 75 ideas");
  } finally {
    await slack.close();
    await smtp.close();
  }
});
