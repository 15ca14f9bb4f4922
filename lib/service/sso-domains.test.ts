import { describe, expect, it } from "vitest";
import { accountWithScorecards, jsonInit, teammate } from "@/lib/testing/api";
import { testDatabases } from "@/lib/testing/databases";
import { ssoSuite } from "@/lib/testing/sso-suite";

describe.each(testDatabases)("single sign-on's domains, proven an account's, on $name", ({ open }) => {
  const s = ssoSuite(open, {});
  const { people, txt, call, ssoSettings, signIn, publishProof } = s;

  it("creates no one in a domain until it is proven the account's by a DNS record, which no other account may then claim", async () => {
    expect((await call("PUT", "/api/sso", s.admin.auth, ssoSettings())).status).toBe(200);
    expect((await call("POST", "/sso/start", {}, { email: "new.hire@corp.example" })).status).toBe(404);
    const notSent = await call("PUT", "/api/sso", s.admin.auth, ssoSettings({ clientSecret: "***", emailVerifiedClaim: "notSent" }));
    expect([notSent.status, notSent.json.details]).toEqual([400, [{ path: "emailVerifiedClaim", message: "No domain is proven yet" }]]);
    const { sso } = (await call("GET", "/api/sso", s.admin.auth)).json;
    expect(sso.domainProofs).toEqual([
      {
        domain: "corp.example",
        proven: false,
        provenBy: null,
        provenAt: null,
        dnsRecord: { name: "_gauge-challenge.corp.example", type: "TXT", value: expect.stringMatching(/^gauge-domain-verification=[\w-]{32}$/) },
      },
    ]);
    const { value } = sso.domainProofs[0].dnsRecord;
    txt["_gauge-challenge.corp.example"] = [["v=spf1 -all"]];
    const early = await call("POST", "/api/sso/domains/corp.example/proof", s.admin.auth);
    expect(early.status).toBe(400);
    expect(early.json.errorMessage).toBe(
      `No TXT record _gauge-challenge.corp.example holds ${value} yet (1 other was found): add it at the domain's DNS host; a new record can take a while to be seen`,
    );
    publishProof(sso, "corp.example");
    const proved = await call("POST", "/api/sso/domains/corp.example/proof", s.admin.auth);
    expect(proved.json).toMatchObject({ domain: "corp.example", proven: true, provenBy: "dns" });
    expect((await call("POST", "/api/sso/domains/elsewhere.example/proof", s.admin.auth)).status).toBe(404);
    expect((await call("POST", "/sso/start", {}, { email: "new.hire@corp.example" })).status).toBe(200);
    // Another account may list the domain only until it is proven; then not at all, even with the record's value.
    const stranger = await accountWithScorecards(s.api, s.database.db, "someone@other.example");
    const taken = await call("PUT", "/api/sso", stranger.auth, ssoSettings({ domains: ["corp.example"] }));
    expect([taken.status, taken.json.errorMessage]).toEqual([409, "Another account has proven corp.example is its own"]);
    const log = await call("GET", "/api/activity?kind=settings", s.admin.auth);
    expect(log.json.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: "proved an e-mail domain is the account's (single sign-on)",
          details: expect.objectContaining({ domain: "corp.example", by: "dns" }),
        }),
      ]),
    );
  });

  it("never sends an existing user to another account's provider, whatever domain that account claims", async () => {
    const claimer = await accountWithScorecards(s.api, s.database.db, "owner@claimer.example");
    await teammate(s.api, s.database.db, s.admin.accountId, "kim@claimed.example", "expert");
    const claimed = await call("PUT", "/api/sso", claimer.auth, ssoSettings({ domains: ["claimed.example"] }));
    expect(claimed.status).toBe(200);
    expect((await call("POST", "/sso/start", {}, { email: "kim@claimed.example" })).status).toBe(404);
    // An address nobody holds yet is the account's to provision once it proves the domain.
    expect((await call("POST", "/sso/start", {}, { email: "newcomer@claimed.example" })).status).toBe(404);
    publishProof(claimed.json.sso, "claimed.example");
    expect((await call("POST", "/api/sso/domains/claimed.example/proof", claimer.auth)).status).toBe(200);
    expect((await call("POST", "/sso/start", {}, { email: "kim@claimed.example" })).status).toBe(404);
    expect((await call("POST", "/sso/start", {}, { email: "newcomer@claimed.example" })).status).toBe(200);
    // Nor does its enforcement refuse the other account's user their password.
    await call("PUT", "/api/sso", claimer.auth, ssoSettings({ domains: ["claimed.example"], enforce: true }));
    expect((await s.api.call("/login", jsonInit("POST", { email: "kim@claimed.example", contraseña: "correct horse battery" }))).status).toBe(200);
  });

  it("is proven a domain by a person of the account signing in through the provider; a provider that sends no email_verified is trusted there only", async () => {
    const chief = await accountWithScorecards(s.api, s.database.db, "chief@proof.example");
    expect((await call("PUT", "/api/sso", chief.auth, ssoSettings({ domains: ["proof.example"] }))).status).toBe(200);
    expect((await call("POST", "/sso/start", {}, { email: "newbie@proof.example" })).status).toBe(404);
    // Begun as the chief, and the provider answers a new address of the domain: no one is created.
    people.newbie = { email: "newbie@proof.example" };
    const early = await signIn("chief@proof.example", undefined, "newbie");
    expect([early.status, early.json.errorMessage]).toEqual([
      401,
      "New people of proof.example sign in once an admin proves the domain is this account's (Security page)",
    ]);
    expect((await signIn("chief@proof.example")).status).toBe(200);
    const { sso } = (await call("GET", "/api/sso", chief.auth)).json;
    expect(sso.domainProofs).toMatchObject([{ domain: "proof.example", proven: true, provenBy: "sign-in" }]);
    expect((await signIn("newbie@proof.example")).json).toMatchObject({ success: true, email: "newbie@proof.example" });

    // Entra ID sends no email_verified: refused until the account says so, then trusted in its proven domain.
    people["quiet@proof.example"] = { email_verified: "not sent" };
    expect((await signIn("quiet@proof.example")).json.errorMessage).toBe("The provider has not verified this e-mail address");
    const notSent = ssoSettings({ domains: ["proof.example"], clientSecret: "***", emailVerifiedClaim: "notSent" });
    expect((await call("PUT", "/api/sso", chief.auth, notSent)).status).toBe(200);
    expect((await signIn("quiet@proof.example")).json).toMatchObject({ success: true, email: "quiet@proof.example" });
    // An address the provider says it has not verified stays refused.
    people["doubtful@proof.example"] = { email_verified: false };
    expect((await signIn("doubtful@proof.example")).json.errorMessage).toBe("The provider has not verified this e-mail address");
  });
});
