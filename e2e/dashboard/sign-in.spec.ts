import type { Browser } from "@playwright/test";
import { E2E_DNS_PORT, E2E_SMTP_PORT } from "../../playwright.config";
import { startDnsServer } from "../../lib/testing/dns-server";
import { startOidcProvider } from "../../lib/testing/oidc-provider";
import { mailText, startSmtp } from "../../lib/testing/smtp";
import { totpAt } from "../../lib/testing/totp";
import { DEMO, expect, test } from "../fixtures";
import { proveDomain, signInWithSso, turnOnSso } from "../sso-steps";

const NO_SESSION = { cookies: [], origins: [] };

/** A new person of the demo account, made through the API as an admin would (invitation, then joining). */
async function newPerson(browser: Browser, baseURL: string, email: string, password: string) {
  const api = await browser.newContext({ baseURL, storageState: NO_SESSION });
  const login = await (await api.request.post("/rest/login", { data: { email: DEMO.email, contraseña: DEMO.password } })).json();
  const invitation = await (await api.request.post("/rest/api/invitations", { headers: { Token: login.token }, data: { email, role: "expert" } })).json();
  expect((await api.request.post("/rest/invitations/accept", { data: { token: invitation.token, password } })).status()).toBe(200);
  await api.close();
}

async function logIn(browser: Browser, baseURL: string, email: string, password: string) {
  const context = await browser.newContext({ baseURL, storageState: NO_SESSION });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  return { context, page };
}

test.describe
  .serial("signing in", () => {
    let provider: Awaited<ReturnType<typeof startOidcProvider>>;
    let dns: Awaited<ReturnType<typeof startDnsServer>>;
    test.beforeAll(async ({ baseURL }) => {
      dns = await startDnsServer(E2E_DNS_PORT);
      provider = await startOidcProvider({
        redirectUris: [`${baseURL}/api/session/oidc/callback`],
        people: { "lee@sso-e2e.example": { groups: ["kpi-editors"] } },
      });
    });
    test.afterAll(async () => {
      await provider.close();
      await dns.close();
    });

    test("an admin sets up SSO and proves its domain by DNS; a new person signs in through the provider's own page, as the role their group maps to", async ({
      page,
      browser,
      baseURL,
    }) => {
      await page.goto("/security");
      await expect(page.getByLabel("Redirect URI")).toHaveText(`${baseURL}/api/session/oidc/callback`);
      await turnOnSso(page, provider, "sso-e2e.example");
      await proveDomain(page, dns, "sso-e2e.example");

      const context = await browser.newContext({ baseURL, storageState: NO_SESSION });
      const tab = await context.newPage();
      await tab.goto("/login");
      await signInWithSso(tab, "lee@sso-e2e.example");
      await expect(tab).toHaveURL(`${baseURL}/`);
      await tab.goto("/account");
      await expect(tab.getByText("lee@sso-e2e.example, expert.")).toBeVisible();

      await context.close();

      // A callback this browser did not begin (a forged or replayed state) is refused, and says so.
      const stranger = await browser.newContext({ baseURL, storageState: NO_SESSION });
      const forged = await stranger.newPage();
      await forged.goto(`/api/session/oidc/callback?state=forged&code=stolen`);
      await expect(forged).toHaveURL(/\/login\?sso_error=/);
      await expect(forged.getByRole("alert").filter({ hasText: "not started in this browser" })).toBeVisible();
      // A link that writes its own message shows none of it: only what the server issued.
      await forged.context().clearCookies();
      await forged.goto(`/login?sso_error=${encodeURIComponent("Your account is suspended: call +1 555 0100")}`);
      await expect(forged.getByRole("alert").filter({ hasText: "The single sign-on did not complete: start it again." })).toBeVisible();
      await expect(forged.getByText("call +1 555 0100")).toHaveCount(0);
      await stranger.close();

      const log = await page.request.get("/api/activity?kind=sign-in");
      expect(JSON.stringify(await log.json())).toContain("signed in with single sign-on for the first time");
      await page.goto("/security");
      await page.getByRole("button", { name: "Turn off" }).click();
      await expect(page.getByRole("button", { name: "Turn on single sign-on" })).toBeVisible();
    });

    test("a person sets up two-factor codes from the QR page, then logging in asks for a code", async ({ browser, baseURL }) => {
      await newPerson(browser, baseURL!, "tfa.person@example.com", "a long enough password");
      const first = await logIn(browser, baseURL!, "tfa.person@example.com", "a long enough password");
      await expect(first.page).toHaveURL(`${baseURL}/`);
      await first.page.goto("/account");
      await first.page.getByRole("button", { name: "Set up two-factor codes" }).click();
      await expect(first.page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
      const secret = (await first.page.locator("code").first().textContent())!.trim();
      const confirming = totpAt(secret, new Date());
      await first.page.getByLabel("Code from the app").fill(confirming);
      await first.page.getByRole("button", { name: "Turn on" }).click();
      const codes = first.page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
      await expect(codes).toHaveCount(10);
      // The recovery codes can be kept as a text file holding every one of them.
      const [download] = await Promise.all([first.page.waitForEvent("download"), first.page.getByRole("button", { name: "Download as a text file" }).click()]);
      const file = Buffer.concat(await (await download.createReadStream()).toArray()).toString("utf8");
      expect(file.split("\n").filter((line) => /^[a-z0-9]{5}-[a-z0-9]{5}$/i.test(line))).toEqual(await codes.allInnerTexts());
      await first.page.getByRole("button", { name: "I have kept them" }).click();
      await expect(first.page.getByText(/On\. Logging in asks for a code/)).toBeVisible();
      await first.context.close();

      const second = await logIn(browser, baseURL!, "tfa.person@example.com", "a long enough password");
      // Asked for a code calmly: the next step, not an error.
      await expect(second.page.getByRole("status").filter({ hasText: "Two-factor codes are on for you" })).toBeVisible();
      await expect(second.page.getByRole("alert").filter({ hasText: /\S/ })).toHaveCount(0);
      const code = second.page.getByLabel(/Code from your authenticator app/);
      await code.fill("000000");
      await second.page.getByRole("button", { name: "Log in" }).click();
      await expect(second.page.getByRole("alert").filter({ hasText: "That code is wrong or was already used" })).toBeVisible();
      // The code that turned them on, still on the app's screen, signs in once.
      await code.fill(confirming);
      await second.page.getByRole("button", { name: "Log in" }).click();
      await expect(second.page).toHaveURL(`${baseURL}/`);
      await second.context.close();
    });

    test("forgot password e-mails a link that sets a new one and ends the old sessions", async ({ browser, baseURL }) => {
      const smtp = await startSmtp(E2E_SMTP_PORT);
      try {
        await newPerson(browser, baseURL!, "forgetful@example.com", "the old password");
        const old = await logIn(browser, baseURL!, "forgetful@example.com", "the old password");
        await expect(old.page).toHaveURL(`${baseURL}/`);

        const context = await browser.newContext({ baseURL, storageState: NO_SESSION });
        const page = await context.newPage();
        await page.goto("/login");
        await page.getByRole("link", { name: "Forgot password?" }).click();
        // The login page has an E-mail field too: type into the new page's once it is there.
        await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
        await page.getByLabel("E-mail").fill("forgetful@example.com");
        await page.getByRole("button", { name: "E-mail me a reset link" }).click();
        await expect(page.getByRole("status")).toContainText("If that e-mail belongs to a user");
        // Its invitation came to the same address: the reset link is in the mail that has one.
        const resetMails = () => smtp.received.filter((m) => m.to.includes("forgetful@example.com") && mailText(m.raw).includes("/reset/"));
        await expect.poll(() => resetMails().length, { timeout: 15_000 }).toBe(1);
        const link = /https?:\/\/[^\s"<>]+\/reset\/[^\s"<>]+/.exec(mailText(resetMails()[0]!.raw))![0];
        await page.goto(new URL(link).pathname);
        await page.getByLabel("Choose a password").fill("the new password");
        await page.getByLabel("Repeat it").fill("the new password");
        await page.getByRole("button", { name: "Set the new password" }).click();
        await expect(page).toHaveURL(/\/login\?reset=done/);
        await expect(page.getByText("Your password is changed")).toBeVisible();
        await page.getByLabel("E-mail").fill("forgetful@example.com");
        await page.getByLabel("Password").fill("the new password");
        await page.getByRole("button", { name: "Log in" }).click();
        await expect(page).toHaveURL(`${baseURL}/`);
        // The session from before the reset has ended.
        await old.page.goto("/account");
        await expect(old.page).toHaveURL(/\/login/);
        await old.context.close();
        await context.close();
      } finally {
        await smtp.close();
      }
    });
  });
