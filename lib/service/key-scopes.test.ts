import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "@/lib/contract/people";
import { operations } from "@/lib/contract/routes";
import { scopeOf, type OperationScope } from "@/lib/contract/routes/helpers";
import { openDatabase, type Database } from "@/lib/db/client";
import { accountWithScorecards, createTestApi, jsonInit, smallScorecard, teammate, type TestApi } from "@/lib/testing/api";

type Credential = "session" | "read key" | "write key";
const ROLES: Role[] = ["admin", "expert", "viewer"];
const CREDENTIALS: Credential[] = ["session", "read key", "write key"];

/** Every operation that takes a Token, with its path filled with IDs that name nothing (a call that passes the gate changes nothing). */
const secured = Object.entries(operations).flatMap(([operationId, op]) => {
  const declared = op as typeof op & { security?: unknown[]; "x-gauge-scope"?: OperationScope };
  if (!declared.security?.length) return [];
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => (name === "guid" ? "00000000-0000-4000-8000-000000000000" : "999999"));
  return [{ operationId, method: op.method.toUpperCase(), path, scope: scopeOf(declared) }];
});

/** The gate's answer: which of its refusals, if any, the credential meets on the operation. */
function expectedRefusal(credential: Credential, scope: OperationScope, operationId: string): RegExp | null {
  if (credential === "session") return null;
  if (scope === "session") return new RegExp(`^${operationId} manages account security: it takes a person's session`);
  if (credential === "read key" && scope === "write")
    return new RegExp(`^This API key has the read scope: ${operationId} writes, and needs a key with the write scope$`);
  return null;
}
const GATE = /manages account security|has the read scope/;

describe("API keys with scopes, on every operation, for every role", () => {
  let database: Database;
  let api: TestApi;
  const tokens = {} as Record<Role, Record<Credential, string>>;

  const key = async (session: string, scope: "read" | "write", name = `${scope} key`) => {
    const created = await api.call("/api/api-keys", jsonInit("POST", { name, scope }, { Token: session }));
    expect(created.status).toBe(201);
    const body = await created.json();
    expect(body.scope).toBe(scope);
    return body.key as string;
  };

  beforeAll(async () => {
    database = await openDatabase({ memory: true });
    api = createTestApi(database.db, undefined, { rateLimitPerHour: 1_000_000 });
    const admin = await accountWithScorecards(api, database.db, "scopes@example.com", [smallScorecard()]);
    const sessions: Record<Role, string> = {
      admin: admin.token,
      expert: (await teammate(api, database.db, admin.accountId, "expert@example.com", "expert")).token,
      viewer: (await teammate(api, database.db, admin.accountId, "viewer@example.com", "viewer")).token,
    };
    for (const role of ROLES)
      tokens[role] = { session: sessions[role], "read key": await key(sessions[role], "read"), "write key": await key(sessions[role], "write") };
  });
  afterAll(() => database?.close());

  it("marks a read as read, a write as write and account security as a person's session alone", () => {
    const scopes = Object.fromEntries(secured.map((op) => [op.operationId, op.scope]));
    expect(
      Object.entries(scopes)
        .filter(([, s]) => s === "session")
        .map(([id]) => id)
        .sort(),
    ).toEqual([
      "changePassword",
      "clearTwoFactor",
      "createApiKey",
      "createResetLink",
      "createScimToken",
      "deleteSso",
      "disableTwoFactor",
      "enableTwoFactor",
      "getSecurity",
      "getSso",
      "listApiKeys",
      "listScimTokens",
      "proveSsoDomain",
      "revokeApiKey",
      "revokeScimToken",
      "setUpTwoFactor",
      "twoFactorStatus",
      "updateSecurity",
      "updateSso",
    ]);
    for (const read of ["previewDraftConnector", "previewConnector", "whatIf", "batchGetValue", "checkDocument", "listValues", "groupedValues"])
      expect(scopes[read], read).toBe("read");
    for (const write of ["setValue", "batchSetValues", "createConnector", "runConnector", "createFeed", "revertChange", "lockPeriods", "createWebhook"])
      expect(scopes[write], write).toBe("write");
  });

  for (const role of ROLES) {
    for (const credential of CREDENTIALS) {
      it(`${role}'s ${credential}: refused where its scope stops it, naming the scope, and nowhere else`, async () => {
        const token = tokens[role][credential];
        const answers = [];
        for (const op of secured.filter((o) => o.operationId !== "logout")) {
          const response = await api.call(op.path, op.method === "GET" ? { headers: { Token: token } } : jsonInit(op.method, {}, { Token: token }));
          const body = response.headers.get("Content-Type")?.includes("json") ? await response.json() : null;
          answers.push({ op, status: response.status, message: (body?.errorMessage as string | undefined) ?? "" });
        }
        for (const { op, status, message } of answers) {
          const refusal = expectedRefusal(credential, op.scope, op.operationId);
          if (refusal) {
            expect({ operation: op.operationId, status, code: status === 403 ? "forbidden" : status }).toEqual({
              operation: op.operationId,
              status: 403,
              code: "forbidden",
            });
            expect(message, op.operationId).toMatch(refusal);
          } else {
            expect(status === 403 && GATE.test(message) ? `${op.operationId}: ${message}` : null).toBeNull();
            expect(status, `${op.operationId} ${message}`).not.toBe(401);
          }
        }
      });
    }
  }

  it("lets a read key read what a BI tool reads, and log itself out", async () => {
    const token = tokens.viewer["read key"];
    const info = await (await api.call("/api/access/info", { headers: { Token: token } })).json();
    expect(info).toMatchObject({ role: "viewer", scope: "read" });
    expect((await api.call("/api/documents/list", { headers: { Token: token } })).status).toBe(200);
    expect((await api.call("/logout", { method: "POST", headers: { Token: token } })).status).toBe(204);
    expect((await api.call("/api/access/info", { headers: { Token: token } })).status).toBe(401);
  });
});
