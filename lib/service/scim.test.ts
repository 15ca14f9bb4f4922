import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "@/lib/db/schema";
import type { Database } from "@/lib/db/client";
import { accountWithScorecards, createTestApi, jsonInit, teammate, type TestApi } from "@/lib/testing/api";
import { testDatabases } from "@/lib/testing/databases";
import { createScimApp } from "./scim/app";

const PATCH_OP = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
const USER = "urn:ietf:params:scim:schemas:core:2.0:User";

describe.each(testDatabases)("SCIM 2.0 provisioning on $name", ({ open }) => {
  let database: Database;
  let api: TestApi;
  let scim: ReturnType<typeof createScimApp>;
  let admin: Awaited<ReturnType<typeof accountWithScorecards>>;
  let bearer: Record<string, string>;
  const rest = async (method: string, path: string, auth: Record<string, string>, body?: unknown) => {
    const response = await api.call(path, body === undefined ? { method, headers: auth } : jsonInit(method, body, auth));
    return { status: response.status, json: await response.json().catch(() => null) };
  };
  const call = async (method: string, path: string, body?: unknown, auth = bearer) => {
    const response = await scim.request(
      `/scim/v2${path}`,
      body === undefined ? { method, headers: auth } : { method, headers: { ...auth, "Content-Type": "application/scim+json" }, body: JSON.stringify(body) },
    );
    expect(response.headers.get("Content-Type") ?? "application/scim+json").toMatch(/scim\+json/);
    return { status: response.status, json: await response.json().catch(() => null) };
  };
  const byUserName = (userName: string) => call("GET", `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}&startIndex=1&count=100`);

  beforeAll(async () => {
    database = await open();
    api = createTestApi(database.db, undefined, { rateLimitPerHour: 10_000, dashboardUrl: "http://gauge.test" });
    scim = createScimApp(api.app.deps);
    admin = await accountWithScorecards(api, database.db, "admin@scim.example");
    const created = await rest("POST", "/api/scim-tokens", admin.auth, { name: "Identity provider" });
    expect(created.status).toBe(201);
    bearer = { Authorization: `Bearer ${created.json.token}` };
  });
  afterAll(() => database.close());

  it("refuses a wrong bearer token with 401 in SCIM's error shape, and serves its configuration", async () => {
    const wrong = await call("GET", "/Users", undefined, { Authorization: "Bearer gsc_wrong" });
    expect(wrong).toEqual({ status: 401, json: { schemas: ["urn:ietf:params:scim:api:messages:2.0:Error"], status: "401", detail: expect.any(String) } });
    expect((await call("GET", "/Users", undefined, {})).status).toBe(401);
    const config = await call("GET", "/ServiceProviderConfig");
    expect(config.json).toMatchObject({ patch: { supported: true }, filter: { supported: true }, bulk: { supported: false } });
    const tokens = await rest("GET", "/api/scim-tokens", admin.auth);
    expect(tokens.json).toMatchObject({ baseUrl: "http://gauge.test/scim/v2", items: [{ name: "Identity provider", lastUsedAt: expect.any(String) }] });
  });

  it("takes Entra ID's requests: find, create, patch with Replace and string booleans, and a leaver's access ends at once", async () => {
    const userName = "Test_User_ab6490ee@contoso.com";
    expect((await byUserName(userName)).json).toMatchObject({ totalResults: 0, Resources: [] });
    const created = await call("POST", "/Users", {
      schemas: [USER, "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"],
      externalId: "0a21f0f2-8d2a-4f8e-bf98-7b2c5f1d0a1c",
      userName,
      active: true,
      emails: [{ primary: true, type: "work", value: "Test_User_fd0ea19b@contoso.com" }],
      meta: { resourceType: "User" },
      name: { formatted: "givenName familyName", familyName: "familyName", givenName: "givenName" },
      roles: [],
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      userName: userName.toLowerCase(),
      externalId: "0a21f0f2-8d2a-4f8e-bf98-7b2c5f1d0a1c",
      active: true,
      name: { givenName: "givenName" },
    });
    const id = created.json.id as string;
    expect((await call("POST", "/Users", { schemas: [USER], userName })).json).toMatchObject({ status: "409", scimType: "uniqueness" });
    expect((await byUserName(userName)).json).toMatchObject({ totalResults: 1, Resources: [{ id }] });
    expect((await call("GET", `/Users?filter=${encodeURIComponent('externalId eq "0a21f0f2-8d2a-4f8e-bf98-7b2c5f1d0a1c"')}`)).json.totalResults).toBe(1);
    expect((await call("GET", `/Users?filter=${encodeURIComponent('title co "x"')}`)).json).toMatchObject({ status: "400", scimType: "invalidFilter" });

    const renamed = await call("PATCH", `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: "Add", path: "name.givenName", value: "Ana" },
        { op: "Replace", path: 'emails[type eq "work"].value', value: "ana.new@contoso.com" },
      ],
    });
    expect(renamed.json).toMatchObject({ userName: "ana.new@contoso.com", name: { givenName: "Ana", familyName: "familyName" } });

    // A person with a session and an API key leaves: both stop on their next call.
    const leaver = await teammate(api, database.db, admin.accountId, "leaver@scim.example", "expert");
    const key = await rest("POST", "/api/api-keys", leaver.auth, { name: "nightly" });
    expect((await rest("GET", "/api/documents/list", { Token: key.json.key })).status).toBe(200);
    const found = await byUserName("leaver@scim.example");
    const off = await call("PATCH", `/Users/${found.json.Resources[0].id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: "Replace", path: "active", value: "False" }],
    });
    expect(off.json.active).toBe(false);
    expect((await rest("GET", "/api/documents/list", leaver.auth)).status).toBe(401);
    expect((await rest("GET", "/api/documents/list", { Token: key.json.key })).status).toBe(401);
    expect((await api.call("/login", jsonInit("POST", { email: leaver.email, contraseña: leaver.password }))).status).toBe(401);
    // Back on: the old session and key stay ended.
    await call("PATCH", `/Users/${found.json.Resources[0].id}`, { schemas: [PATCH_OP], Operations: [{ op: "Replace", path: "active", value: "True" }] });
    expect((await rest("GET", "/api/documents/list", { Token: key.json.key })).status).toBe(401);
    expect((await api.call("/login", jsonInit("POST", { email: leaver.email, contraseña: leaver.password }))).status).toBe(200);
  });

  it("takes Okta's requests: create with a password it ignores, deactivate with a pathless patch, replace, delete", async () => {
    const created = await call("POST", "/Users", {
      schemas: [USER],
      userName: "test.user@okta.local",
      name: { givenName: "Test", familyName: "User" },
      emails: [{ primary: true, value: "test.user@okta.local", type: "work" }],
      displayName: "Test User",
      locale: "en-US",
      externalId: "00ujl29u0le5T6Aj10h7",
      groups: [],
      password: "1mz050nq",
      active: true,
    });
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    expect((await api.call("/login", jsonInit("POST", { email: "test.user@okta.local", contraseña: "1mz050nq" }))).status).toBe(401);
    expect((await call("PATCH", `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: "replace", value: { active: false } }] })).json.active).toBe(false);
    const replaced = await call("PUT", `/Users/${id}`, {
      schemas: [USER],
      id,
      userName: "test.user@okta.local",
      name: { givenName: "Tess", familyName: "User" },
      active: true,
    });
    expect(replaced.json).toMatchObject({ active: true, name: { givenName: "Tess" } });
    const users = await rest("GET", "/api/users", admin.auth);
    expect(users.json.items).toEqual(expect.arrayContaining([expect.objectContaining({ email: "test.user@okta.local", role: "viewer", active: true })]));

    expect((await call("DELETE", `/Users/${id}`)).status).toBe(204);
    expect((await call("GET", `/Users/${id}`)).status).toBe(404);
    expect((await byUserName("test.user@okta.local")).json.totalResults).toBe(0);
    expect((await call("PATCH", `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: "replace", value: { active: true } }] })).status).toBe(404);
    // Provisioned again: the same user comes back.
    const again = await call("POST", "/Users", { schemas: [USER], userName: "test.user@okta.local", active: true });
    expect(again).toMatchObject({ status: 201, json: { id } });
    const log = await rest("GET", "/api/activity?kind=people", admin.auth);
    const actions = (log.json.items as { apiKey: string | null; via: string; action: string }[]).filter((e) => e.via === "scim").map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(["provisioned a user (SCIM)", "deactivated a user (SCIM)", "deleted a user (SCIM)"]));
  });

  it("never takes over an admin made in Gauge, and ends a renamed person's sessions, logging it", async () => {
    const found = await byUserName("admin@scim.example");
    const id = found.json.Resources[0].id as string;
    for (const Operations of [[{ op: "replace", path: "userName", value: "attacker@evil.example" }], [{ op: "replace", path: "active", value: false }]]) {
      const refused = await call("PATCH", `/Users/${id}`, { schemas: [PATCH_OP], Operations });
      expect(refused).toMatchObject({ status: 403, json: { status: "403", detail: expect.stringContaining("did not provision") } });
    }
    expect((await call("DELETE", `/Users/${id}`)).status).toBe(403);
    expect((await api.call("/login", jsonInit("POST", { email: "admin@scim.example", contraseña: admin.password }))).status).toBe(200);

    const member = await teammate(api, database.db, admin.accountId, "robin@scim.example", "expert");
    const renamed = await call("PATCH", `/Users/${member.userId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: "replace", path: "userName", value: "robin.new@scim.example" }],
    });
    expect(renamed.status).toBe(200);
    expect((await api.call("/api/access/info", { headers: member.auth })).status).toBe(401);
    const log = (await rest("GET", "/api/activity?kind=people", admin.auth)).json.items as { action: string; details: Record<string, unknown> }[];
    expect(log.find((e) => e.action === "changed a user's e-mail, ending their sessions (SCIM)")?.details).toEqual({
      id: member.userId,
      from: "robin@scim.example",
      to: "robin.new@scim.example",
    });
  });

  it("keeps the account's last active admin, and stops answering a revoked token", async () => {
    // An admin the provider provisioned may be changed by it, but not the last one deactivated.
    const created = await call("POST", "/Users", { schemas: [USER], userName: "idp-admin@scim.example", externalId: "idp-1", active: true });
    expect(created.status).toBe(201);
    expect((await rest("PATCH", `/api/users/${created.json.id}`, admin.auth, { role: "admin" })).status).toBe(200);
    await database.db.update(users).set({ role: "expert" }).where(eq(users.email, "admin@scim.example"));
    const refused = await call("PATCH", `/Users/${created.json.id}`, { schemas: [PATCH_OP], Operations: [{ op: "replace", path: "active", value: false }] });
    expect(refused.json).toMatchObject({ status: "409" });
    await database.db.update(users).set({ role: "admin" }).where(eq(users.email, "admin@scim.example"));
    const tokens = await rest("GET", "/api/scim-tokens", admin.auth);
    expect((await rest("DELETE", `/api/scim-tokens/${tokens.json.items[0].id}`, admin.auth)).status).toBe(204);
    expect((await call("GET", "/Users")).status).toBe(401);
  });
});
