import { expect, type Page } from "@playwright/test";
import type { startDnsServer } from "../lib/testing/dns-server";
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

/**
 * On the Security page, proves `domain` by its DNS record: checked before the record is published
 * (the page says it is not there), then published on `dns` as the page shows it, and checked again.
 */
export async function proveDomain(page: Page, dns: Awaited<ReturnType<typeof startDnsServer>>, domain: string) {
  const item = page.getByRole("listitem", { name: domain });
  await expect(item).toContainText(`${domain}: not proven yet`);
  await item.getByRole("button", { name: "Check the DNS record" }).click();
  await expect(item.getByRole("alert")).toHaveText("The DNS record is not there yet: a new record can take a while to be seen");
  const value = await item.locator("dd").nth(2).innerText();
  expect(value).toMatch(/^gauge-domain-verification=/);
  await item.screenshot({ path: `e2e/screenshots/sso-domain-unproven-${domain}.png` });
  dns.txt[`_gauge-challenge.${domain}`] = [[value]];
  await item.getByRole("button", { name: "Check the DNS record" }).click();
  await expect(item).toContainText(`${domain}: proven by its DNS record`);
}
