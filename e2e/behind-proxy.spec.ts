import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startDnsServer } from "../lib/testing/dns-server";
import { startOidcProvider } from "../lib/testing/oidc-provider";
import { mailText, startSmtp } from "../lib/testing/smtp";
import { reserveGaugePort, startGauge } from "./gauge-process";
import { proveDomain, signInWithSso, turnOnSso } from "./sso-steps";
import { startTlsProxy } from "./tls-proxy";

// Gauge as IT deploys it: a production start behind a proxy that terminates TLS (nginx, or Node's
// own HTTPS proxy where nginx is absent), reached at https://127.0.0.1:<port>. Its address comes
// from the proxy (TRUST_PROXY) or from PUBLIC_URL; either way single sign-on lands the person where
// they asked to go, and every link made for another machine starts with the proxy's address.
const DEMO = { email: "demo@example.com", password: "demo-password" };

for (const setting of ["TRUST_PROXY", "PUBLIC_URL"] as const) {
  test(`behind a TLS proxy with ${setting}: SSO lands signed in on the page asked for, and every link starts with the proxy's https address`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const port = reserveGaugePort();
    const proxy = await startTlsProxy(`http://127.0.0.1:${port}`);
    const smtp = await startSmtp();
    const dns = await startDnsServer();
    const provider = await startOidcProvider({
      redirectUris: [`${proxy.url}/api/session/oidc/callback`],
      people: { "lee@sso-proxy.example": { groups: ["kpi-editors"] } },
    });
    const dataDir = mkdtempSync(path.join(tmpdir(), "gauge-proxy-"));
    const address: Record<string, string> = setting === "TRUST_PROXY" ? { TRUST_PROXY: "loopback" } : { PUBLIC_URL: proxy.url };
    const gauge = await startGauge(
      {
        ...address,
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        SSO_ALLOWED_HOSTS: "127.0.0.1",
        DNS_SERVERS: dns.address,
        LOG_LEVEL: "warn",
        SMTP_URL: smtp.url,
        MAIL_FROM: "Gauge <gauge@proxy.example>",
      },
      port,
    );
    const contexts: Awaited<ReturnType<typeof browser.newContext>>[] = [];
    const newContext = async () => (contexts.push(await browser.newContext({ baseURL: proxy.url, ignoreHTTPSErrors: true })), contexts.at(-1)!);
    const startsAtProxy = (link: string, rest: RegExp) => {
      expect(link.slice(0, proxy.url.length), link).toBe(proxy.url);
      expect(link.slice(proxy.url.length)).toMatch(rest);
    };
    try {
      // An admin logs in through the proxy (the origin check knows its address) and sets up SSO.
      const admin = await (await newContext()).newPage();
      const opened = await admin.goto("/login");
      expect(opened!.headers()["strict-transport-security"]).toBe("max-age=31536000");
      await admin.getByLabel("E-mail").fill(DEMO.email);
      await admin.getByLabel("Password").fill(DEMO.password);
      await admin.getByRole("button", { name: "Log in" }).click();
      await expect(admin.getByRole("heading", { name: "Scorecards" })).toBeVisible();
      await admin.goto("/security");
      await expect(admin.getByLabel("Redirect URI")).toHaveText(`${proxy.url}/api/session/oidc/callback`);
      await turnOnSso(admin, provider, "sso-proxy.example");
      await proveDomain(admin, dns, "sso-proxy.example");
      // The proxy's address here is 127.0.0.1: the page says that other machines cannot reach it (the SSO redirect URI, the SCIM base URL).
      await expect(admin.getByText(`This address names this machine (${new URL(proxy.url).host})`)).toHaveCount(2);

      // The links the dashboard hands out, made through the BFF as its pages make them.
      const write = (url: string, data?: unknown) => admin.request.post(url, { headers: { Origin: proxy.url }, data }).then((r) => r.json());
      startsAtProxy(
        (await write("/api/connectors", { name: "Zapier", kind: "push", shape: "rows", docId: 1, mapping: { kpi: "kpi", date: "date", value: "value" } }))
          .pushUrl,
        /^\/rest\/push\/\S+$/,
      );
      startsAtProxy((await write("/api/document/1/feeds")).url, /^\/rest\/feeds\/gfd_\S+$/);
      const scimToken = await write("/api/scim-tokens", { name: "Entra ID" });
      startsAtProxy((await (await admin.request.get("/api/scim-tokens")).json()).baseUrl, /^\/scim\/v2$/);
      const key = (await write("/api/api-keys", { name: "Power BI" })).key as string;
      await admin.goto("/s/1/sheets");
      await expect(admin.getByText(`${proxy.url}/odata`, { exact: true })).toBeVisible();

      // A program's calls through the proxy: OData's next page and SCIM's new user.
      const api = (await newContext()).request;
      const basic = { Authorization: `Basic ${Buffer.from(`${DEMO.email}:${key}`).toString("base64")}` };
      const page = await (await api.get("/odata/Values?$orderby=Date", { headers: { ...basic, Prefer: "odata.maxpagesize=2" } })).json();
      startsAtProxy(page["@odata.context"], /^\/odata\/\$metadata#Values$/);
      startsAtProxy(page["@odata.nextLink"], /^\/odata\/Values\?%24orderby=Date&%24skiptoken=[\w-]+$/);
      const root = await api.get("/odata/", { headers: basic, maxRedirects: 0 });
      expect(root.status()).toBe(200);
      const user = await api.post("/scim/v2/Users", {
        headers: { Authorization: `Bearer ${scimToken.token}`, "Content-Type": "application/scim+json" },
        data: { schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"], userName: "newcomer@proxy.example", active: true },
      });
      expect(user.status()).toBe(201);
      startsAtProxy((await user.json()).meta.location, /^\/scim\/v2\/Users\/\S+$/);
      expect(user.headers().location).toBe((await user.json()).meta.location);

      // The reset e-mail's link.
      const forgot = await (await newContext()).newPage();
      await forgot.goto("/forgot");
      await forgot.getByLabel("E-mail").fill(DEMO.email);
      await forgot.getByRole("button", { name: "E-mail me a reset link" }).click();
      await expect(forgot.getByRole("status")).toContainText("If that e-mail belongs to a user");
      const resetMail = () => smtp.received.find((m) => mailText(m.raw).includes("/reset/"));
      await expect.poll(() => resetMail() !== undefined, { timeout: 15_000 }).toBe(true);
      startsAtProxy(/https?:\/\/[^\s"<>]+\/reset\/[^\s"<>]+/.exec(mailText(resetMail()!.raw))![0], /^\/reset\/\S+$/);

      // A new person asks for the value grid, signs in with SSO, and lands on it, signed in.
      const person = await (await newContext()).newPage();
      await person.goto("/s/1/values");
      await expect(person).toHaveURL(`${proxy.url}/login?next=%2Fs%2F1%2Fvalues`);
      await signInWithSso(person, "lee@sso-proxy.example");
      await expect(person).toHaveURL(`${proxy.url}/s/1/values`);
      await expect(person.getByRole("table", { name: "KPI values by period" })).toBeVisible();
      await person.screenshot({ path: `e2e/screenshots/behind-proxy-${setting.toLowerCase()}.png` });
    } finally {
      for (const context of contexts) await context.close();
      await gauge.stop();
      await Promise.all([proxy.close(), provider.close(), smtp.close(), dns.close()]);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
