import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { hashPassword, verifyPassword } from "@/lib/service/sign-in/passwords";
import { accountWithScorecards, createTestApi, jsonInit, type TestApi } from "@/lib/testing/api";
import { testDatabases } from "@/lib/testing/databases";

const login = (api: TestApi, body: unknown) => api.call("/login", jsonInit("POST", body));

describe.each(testDatabases)("authentication on $name", ({ open }) => {
  let database: Database;
  let api: TestApi;
  let demo: Awaited<ReturnType<typeof accountWithScorecards>>;

  beforeAll(async () => {
    database = await open();
    api = createTestApi(database.db);
    demo = await accountWithScorecards(api, database.db, "ana@example.com");
  });
  afterAll(() => database.close());

  it("logs in with email and contraseña and returns the four fields", async () => {
    const response = await login(api, { email: "ana@example.com", contraseña: demo.password });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual(["email", "errorMessage", "success", "token"]);
    expect(body).toMatchObject({ email: "ana@example.com", errorMessage: "", success: true });
    expect(body.token).toMatch(/^gst_[\w-]{40,}$/);
  });

  it("reads the login body as Windows PowerShell 5.1 and NFD editors send it", async () => {
    const json = `{"email":"ana@example.com","contraseña":"${demo.password}"}`;
    const send = (body: Buffer, contentType = "application/json") =>
      api.call("/login", { method: "POST", headers: { "Content-Type": contentType }, body: new Uint8Array(body) });
    // Invoke-RestMethod with a string body and no charset: ISO-8859-1, ñ as the one byte 0xF1.
    const latin1 = Buffer.from(json, "latin1");
    expect(latin1.includes(0xf1)).toBe(true);
    expect(await (await send(latin1)).json()).toMatchObject({ success: true });
    expect(await (await send(Buffer.from(json, "latin1"), "application/json; charset=ISO-8859-1")).json()).toMatchObject({ success: true });
    // The key as n + U+0303 (combining tilde).
    const nfd = json.replace("contraseña", "contrasen\u0303a");
    expect(nfd).not.toBe(json);
    expect(await (await send(Buffer.from(nfd, "utf8"))).json()).toMatchObject({ success: true });
    // Bytes that are not UTF-8 where the Content-Type says UTF-8 are an error, in the login's shape.
    const lying = await send(latin1, "application/json; charset=utf-8");
    expect(lying.status).toBe(400);
    expect(await lying.json()).toMatchObject({ success: false, errorMessage: expect.stringContaining("UTF-8") });
  });

  it("accepts the e-mail in another case and with spaces", async () => {
    const response = await login(api, { email: "  ANA@example.com ", contraseña: demo.password });
    expect(response.status).toBe(200);
  });

  it("takes the password as `password` too, as vendor scripts send it", async () => {
    const response = await login(api, { email: "ana@example.com", password: demo.password });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ success: true, token: expect.any(String) });
    expect((await login(api, { email: "ana@example.com", password: "wrong" })).status).toBe(401);
  });

  it("answers an unknown e-mail exactly like a wrong password", async () => {
    const wrong = await login(api, { email: "ana@example.com", contraseña: "wrong password" });
    const unknown = await login(api, { email: "nobody@example.com", contraseña: "wrong password" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const [a, b] = [await wrong.json(), await unknown.json()];
    expect(a).toEqual({ email: "ana@example.com", errorMessage: "Invalid e-mail or password", success: false, token: null });
    expect(b).toEqual({ ...a, email: "nobody@example.com" });
  });

  it.each([
    ["a missing contraseña", { email: "ana@example.com" }, /contraseña/],
    ["an empty password field", { email: "ana@example.com", password: "" }, /contraseña/],
    ["a number as e-mail", { email: 5, contraseña: "x" }, /email/],
    ["an array body", [1, 2], /Invalid request/],
  ])("refuses %s with 400 in the login shape", async (_, body, message) => {
    const response = await login(api, body);
    expect(response.status).toBe(400);
    const json = await response.json();
    expect(json).toMatchObject({ success: false, token: null });
    expect(json.errorMessage).toMatch(message);
    expect(Object.keys(json).sort()).toEqual(["email", "errorMessage", "success", "token"]);
  });

  it("refuses invalid JSON and non-JSON bodies in the login shape", async () => {
    const broken = await api.call("/login", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{email" });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ email: "", errorMessage: "Malformed JSON in request body", success: false, token: null });
    const text = await api.call("/login", { method: "POST", headers: { "Content-Type": "text/plain" }, body: "hello" });
    expect(text.status).toBe(415);
    expect(await text.json()).toMatchObject({ success: false, token: null });
  });

  it("throttles an e-mail after 10 failures in 15 minutes, even with the right password", async () => {
    const email = "throttled@example.com";
    const victim = await accountWithScorecards(api, database.db, email);
    for (let i = 0; i < 10; i++) expect((await login(api, { email, contraseña: `guess ${i}` })).status).toBe(401);
    const blocked = await login(api, { email, contraseña: victim.password });
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toMatchObject({ email, success: false, token: null });
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(800);
    // Another e-mail is not affected.
    expect((await login(api, { email: "ana@example.com", contraseña: demo.password })).status).toBe(200);
    api.clock.advance(15 * 60_000 + 1000);
    expect((await login(api, { email, contraseña: victim.password })).status).toBe(200);
  });

  it("expires a token after 12 hours", async () => {
    const other = await accountWithScorecards(api, database.db, "expiry@example.com");
    expect((await api.call("/api/documents/list", { headers: other.auth })).status).toBe(200);
    api.clock.advance(12 * 3_600_000 - 60_000);
    expect((await api.call("/api/documents/list", { headers: other.auth })).status).toBe(200);
    api.clock.advance(120_000);
    const expired = await api.call("/api/documents/list", { headers: other.auth });
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({ success: false, code: "unauthorized", details: [] });
  });

  it("revokes a token on logout", async () => {
    const other = await accountWithScorecards(api, database.db, "logout@example.com");
    const out = await api.call("/logout", { method: "POST", headers: other.auth });
    expect(out.status).toBe(204);
    expect((await api.call("/api/documents/list", { headers: other.auth })).status).toBe(401);
    expect((await api.call("/logout", { method: "POST", headers: other.auth })).status).toBe(401);
  });

  it("refuses a missing or unknown Token with 401", async () => {
    const missing = await api.call("/api/documents/list");
    expect(missing.status).toBe(401);
    expect((await missing.json()).errorMessage).toMatch(/Token/);
    expect((await api.call("/api/documents/list", { headers: { Token: "gst_nope" } })).status).toBe(401);
  });

  it("creates, lists, uses and revokes API keys", async () => {
    const owner = await accountWithScorecards(api, database.db, "keys@example.com");
    const created = await api.call("/api/api-keys", jsonInit("POST", { name: "Nightly export" }, owner.auth));
    expect(created.status).toBe(201);
    const { id, name, key } = await created.json();
    expect(name).toBe("Nightly export");
    expect(key).toMatch(/^gak_/);

    const listed = await (await api.call("/api/api-keys", { headers: owner.auth })).json();
    expect(listed.items).toEqual([{ id, name, role: "admin", scope: "write", userEmail: expect.any(String), createdAt: expect.any(String), lastUsedAt: null }]);
    expect(JSON.stringify(listed)).not.toContain(key);

    expect((await api.call("/api/documents/list", { headers: { Token: key } })).status).toBe(200);
    const afterUse = await (await api.call("/api/api-keys", { headers: owner.auth })).json();
    expect(afterUse.items[0].lastUsedAt).not.toBeNull();

    // Another account can neither see nor revoke it.
    const stranger = await accountWithScorecards(api, database.db, "stranger@example.com");
    expect((await (await api.call("/api/api-keys", { headers: stranger.auth })).json()).items).toEqual([]);
    expect((await api.call(`/api/api-keys/${id}`, { method: "DELETE", headers: stranger.auth })).status).toBe(404);

    expect((await api.call(`/api/api-keys/${id}`, { method: "DELETE", headers: owner.auth })).status).toBe(204);
    expect((await api.call("/api/documents/list", { headers: { Token: key } })).status).toBe(401);
    expect((await api.call(`/api/api-keys/${id}`, { method: "DELETE", headers: owner.auth })).status).toBe(404);
  });

  it("keeps API keys valid past the session token lifetime", async () => {
    const owner = await accountWithScorecards(api, database.db, "longlived@example.com");
    const { key } = await (await api.call("/api/api-keys", jsonInit("POST", { name: "BI" }, owner.auth))).json();
    api.clock.advance(30 * 24 * 3_600_000);
    expect((await api.call("/api/documents/list", { headers: { Token: key } })).status).toBe(200);
    expect((await api.call("/api/documents/list", { headers: owner.auth })).status).toBe(401);
  });

  it("refuses an API key without a name", async () => {
    const owner = await accountWithScorecards(api, database.db, "unnamed@example.com");
    const response = await api.call("/api/api-keys", jsonInit("POST", { name: "  " }, owner.auth));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "invalid_request", details: [{ path: "name" }] });
  });
});

describe("password hashing", () => {
  it("uses scrypt at OWASP's parameters by default and verifies", async () => {
    const hash = await hashPassword("s3cret passphrase");
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword("s3cret passphrase", hash)).toBe(true);
    expect(await verifyPassword("s3cret passphrasf", hash)).toBe(false);
    expect(await hashPassword("s3cret passphrase")).not.toBe(hash);
  });
});
