import { expect, type Page } from "@playwright/test";
import type { startOidcProvider } from "../lib/testing/oidc-provider";

type Provider = Awaited<ReturnType<typeof startOidcProvider>>;

/** An admin on the Security page turns single sign-on on with `provider` for `domain`, its kpi-editors group as experts. */
export async function turnOnSso(page: Page, provider: Provider, domain: string) {
  await page.getByLabel("Issuer URL").fill(provider.issuer);
  await page.getByLabel("Client ID").fill(provider.client_id);
  await page.getByLabel("Client secret").fill(provider.client_secret);
  await page.getByLabel("E-mail domains it covers").fill(domain);
  await page.getByLabel("Groups claim (optional)").fill("groups");
  await page.getByLabel(/Roles by group/).fill("kpi-editors = expert");
  await page.getByRole("button", { name: "Turn on single sign-on" }).click();
  await expect(page.getByText("Saved. The provider answered its discovery document.")).toBeVisible();
}

/** From the login page: "Sign in with SSO", then the provider's own login and consent pages. */
export async function signInWithSso(page: Page, email: string) {
  await page.getByRole("button", { name: "Sign in with SSO" }).click();
  await page.getByLabel("Work e-mail").fill(email);
  await page.getByRole("button", { name: "Continue with SSO" }).click();
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill("whatever the provider asks");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}
