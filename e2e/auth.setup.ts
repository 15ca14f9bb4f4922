import { expect, test as setup } from "@playwright/test";
import { AUTH_FILE } from "../playwright.config";

setup("log in as the demo manager", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("E-mail").fill("demo@example.com");
  await page.getByLabel("Password").fill("demo-password");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("heading", { name: "Scorecards" })).toBeVisible();
  await page.context().storageState({ path: AUTH_FILE });
});
