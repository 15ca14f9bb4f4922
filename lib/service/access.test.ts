import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isDeepStrictEqual } from "node:util";
import type { z } from "zod";
import { roleAtLeast, type Role } from "@/lib/contract/people";
import { operations as contractOperations } from "@/lib/contract/routes";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import * as schema from "@/lib/db/schema";
import { accountWithScorecards, createTestApi, jsonInit, smallScorecard, teammate, type TestApi } from "@/lib/testing/api";
import { apiOver } from "@/lib/testing/suite";
import { testDatabases } from "@/lib/testing/databases";
import { startOidcProvider } from "@/lib/testing/oidc-provider";
import { totpAt } from "@/lib/testing/totp";

type Who = "admin" | "expert" | "viewer" | "stranger";
type Doc = "private" | "sharedRead" | "accountWrite";
type Outcome = "ok" | 403 | 404;
type Request = { path: string; body?: unknown; auth?: Record<string, string> };
type Operation = { operationId: string; method: string; path: string; role?: Role };

const ROLE: Record<Who, Role> = { admin: "admin", expert: "expert", viewer: "viewer", stranger: "admin" };
/** What each user of the account may do with each scorecard, as set up below. */
const ACCESS: Record<Exclude<Who, "stranger">, Record<Doc, "read" | "write" | null>> = {
  admin: { private: "write", sharedRead: "write", accountWrite: "write" },
  expert: { private: null, sharedRead: "read", accountWrite: "write" },
  viewer: { private: null, sharedRead: "read", accountWrite: "read" },
};

/**
 * The rule every scorecard route follows: a role below the route's `x-gauge-role` is 403 whatever
 * the scorecard; no access is 404; a write with read access is 403; sharing is the owner's or an
 * admin's (the admin owns these scorecards).
 */
function expectedOnScorecard(who: Who, doc: Doc, op: Operation): Outcome {
  if (op.role && !roleAtLeast(ROLE[who], op.role)) return 403;
  if (who === "stranger") return 404;
  const access = ACCESS[who][doc];
  if (!access) return 404;
  if (op.role && access === "read" && op.operationId !== "createFeed") return 403;
  if ((op.operationId === "updateSharing" || op.operationId === "deleteNote") && who !== "admin") return 403;
  // A spreadsheet link reads with its creator's access: reading the scorecard is enough.
  if (op.operationId === "createFeed") return "ok";
  return "ok";
}

describe.each(testDatabases)("roles, sharing and accounts on every route, on $name", ({ open }) => {
  let database: Database;
  let api: TestApi;
  let admin: Awaited<ReturnType<typeof accountWithScorecards>>;
  let stranger: Awaited<ReturnType<typeof accountWithScorecards>>;
  const auth: Partial<Record<Who, Record<string, string>>> = {};
  const users: Record<string, { userId: number; email: string; password: string }> = {};
  let docs: Record<Doc, number>;
  let provider: Awaited<ReturnType<typeof startOidcProvider>>;
  /** The DNS TXT records the service finds, by name. */
  const txt: Record<string, string[][]> = {};
  const kpiOf: Record<number, string> = {};

  const call = async (method: string, path: string, who: Record<string, string>, body?: unknown) => {
    const response = await api.call(path, body === undefined ? { method, headers: who } : jsonInit(method, body, who));
    const text = await response.text();
    const isJson = response.headers.get("Content-Type")?.includes("json");
    return { status: response.status, text, json: text && isJson ? JSON.parse(text) : null };
  };
  const asAdmin = async (method: string, path: string, body?: unknown) => (await call(method, path, admin.auth, body)).json;

  beforeAll(async () => {
    database = await open();
    provider = await startOidcProvider({ redirectUris: ["http://localhost:3000/api/session/oidc/callback"] });
    api = createTestApi(database.db, undefined, { rateLimitPerHour: 100_000, ssoAllowedHosts: ["127.0.0.1"], resolveTxt: async (name) => txt[name] ?? [] });
    admin = await accountWithScorecards(api, database.db, "admin@team.example", [
      smallScorecard("Private"),
      smallScorecard("Shared for reading"),
      smallScorecard("Whole account writes"),
    ]);
    stranger = await accountWithScorecards(api, database.db, "stranger@else.example", [smallScorecard("Theirs")]);
    for (const [who, role] of [
      ["expert", "expert"],
      ["viewer", "viewer"],
    ] as const) {
      const mate = await teammate(api, database.db, admin.accountId, `${who}@team.example`, role);
      auth[who] = mate.auth;
      users[who] = mate;
    }
    auth.admin = admin.auth;
    auth.stranger = stranger.auth;
    const [privateDoc, sharedRead, accountWrite] = admin.scorecardIds as [number, number, number];
    docs = { private: privateDoc, sharedRead, accountWrite };
    await asAdmin("PUT", `/api/document/${sharedRead}/sharing`, {
      users: [
        { userId: users.expert!.userId, access: "read" },
        { userId: users.viewer!.userId, access: "read" },
      ],
    });
    await asAdmin("PUT", `/api/document/${accountWrite}/sharing`, { account: "write" });
    for (const [name, doc] of [
      ["Private", privateDoc],
      ["Shared for reading", sharedRead],
      ["Whole account writes", accountWrite],
    ] as const)
      nameOf[doc] = name;
    for (const doc of Object.values(docs))
      kpiOf[doc] = (await asAdmin("GET", `/api/document/${doc}/kpi/list`)).items.find((k: { name: string }) => k.name === "Sales").guid;
  });
  afterAll(async () => {
    await provider.close();
    await database.close();
  });

  /** A request for each operation, on a given scorecard; objects it acts on are made fresh by the admin. */
  const scorecardRequests: Record<string, (doc: number) => Promise<Request>> = {
    getScorecard: async (doc) => ({ path: `/api/documents/list/${doc}` }),
    listKpis: async (doc) => ({ path: `/api/document/${doc}/kpi/list` }),
    kpiTree: async (doc) => ({ path: `/api/document/${doc}/kpi/tree` }),
    getKpi: async (doc) => ({ path: `/api/document/${doc}/kpi/${kpiOf[doc]}` }),
    updateKpi: async (doc) => ({ path: `/api/document/${doc}/kpi/${kpiOf[doc]}`, body: { scoreCap: 1.5 } }),
    getSharing: async (doc) => ({ path: `/api/document/${doc}/sharing` }),
    // Changing nothing: the same account access the scorecard already has.
    updateSharing: async (doc) => ({ path: `/api/document/${doc}/sharing`, body: { account: doc === docs.accountWrite ? "write" : "none" } }),
    getValue: async (doc) => ({ path: `/api/document/${doc}/kpi/indicator/${kpiOf[doc]}/value/2024-01-01` }),
    setValue: async (doc) => ({ path: `/api/document/${doc}/kpi/indicator/${kpiOf[doc]}/value/2024-01-01`, body: { value: 1 } }),
    deleteValue: async (doc) => ({ path: `/api/document/${doc}/kpi/indicator/${kpiOf[doc]}/values/2024-01-01` }),
    listValues: async (doc) => ({ path: `/api/document/${doc}/kpi/indicator/${kpiOf[doc]}/values` }),
    batchSetValue: async (doc) => ({ path: `/api/document/${doc}/kpi/batch/set-value/2024-01-01`, body: [{ guid: kpiOf[doc], value: 1 }] }),
    batchSetValues: async (doc) => ({
      path: `/api/document/${doc}/kpi/batch/set-values`,
      body: { items: [{ guid: kpiOf[doc], date: "2024-01-01", value: 1 }] },
    }),
    batchGetValue: async (doc) => ({ path: `/api/document/${doc}/kpi/batch/get-value/2024-01-01`, body: { guids: [kpiOf[doc]] } }),
    batchGetAllValues: async (doc) => ({ path: `/api/document/${doc}/kpi/batch/all/get-value/2024-01-01` }),
    groupedValue: async (doc) => ({ path: `/api/document/${doc}/kpi/indicator/${kpiOf[doc]}/grouped-value/MONTH/2024-01-01/2024-12-31` }),
    groupedValues: async (doc) => ({ path: `/api/document/${doc}/kpi/indicators/grouped-value/MONTH/2024-01-01/2024-12-31` }),
    listAlerts: async (doc) => ({ path: `/api/document/${doc}/alerts` }),
    createAlert: async (doc) => ({
      path: `/api/document/${doc}/alerts`,
      body: { name: "a", kpiGuid: kpiOf[doc], condition: "VALUE_CHANGED", webhookId: await freshWebhook() },
    }),
    updateAlert: async (doc) => ({ path: `/api/document/${doc}/alerts/${await freshAlert(doc)}`, body: { active: false } }),
    deleteAlert: async (doc) => ({ path: `/api/document/${doc}/alerts/${await freshAlert(doc)}` }),
    listNotes: async (doc) => ({ path: `/api/document/${doc}/notes` }),
    createNote: async (doc) => ({ path: `/api/document/${doc}/kpi/${kpiOf[doc]}/notes`, body: { date: "2024-01-01", text: "Why" } }),
    // The admin's note: others who can read the scorecard still may not delete it.
    deleteNote: async (doc) => ({
      path: `/api/document/${doc}/notes/${(await asAdmin("POST", `/api/document/${doc}/kpi/${kpiOf[doc]}/notes`, { date: "2024-01-01", text: "Mine" })).id}`,
    }),
    alertHistory: async (doc) => ({ path: `/api/document/${doc}/alerts/${await freshAlert(doc)}/history` }),
    // Changing nothing: the same name.
    updateDocument: async (doc) => ({ path: `/api/documents/list/${doc}`, body: { name: nameOf[doc] } }),
    downloadDocument: async (doc) => ({ path: `/api/document/${doc}/download` }),
    checkDocument: async (doc) => ({ path: `/api/document/${doc}/document-check-requests` }),
    balanceWeights: async (doc) => ({ path: `/api/document/${doc}/kpi/weight-balance` }),
    createKpi: async (doc) => ({ path: `/api/document/${doc}/kpi`, body: { name: "Extra" } }),
    setKpi: async (doc) => ({ path: `/api/document/${doc}/kpi/${kpiOf[doc]}`, body: { name: "Sales", indicatorType: "INDICATOR" } }),
    deleteKpi: async (doc) => ({ path: `/api/document/${doc}/kpi/${(await asAdmin("POST", `/api/document/${doc}/kpi`, { name: "Doomed" })).guid}` }),
    getRecord: async (doc) => ({ path: `/api/document/${doc}/kpi/indicator/${kpiOf[doc]}/values/2024-01-01` }),
    ...Object.fromEntries(
      ["Target", "Baseline", "Min", "Max", "Score"].map((f) => [
        `delete${f}`,
        async (doc: number) => ({ path: `/api/document/${doc}/kpi/indicator/${kpiOf[doc]}/${f.toLowerCase()}/2024-01-01` }),
      ]),
    ),
    groupedValueAllTime: async (doc) => ({ path: `/api/document/${doc}/kpi/indicator/${kpiOf[doc]}/grouped-value/MONTH` }),
    groupedValuesAllTime: async (doc) => ({ path: `/api/document/${doc}/kpi/indicatos/grouped-value/MONTH` }),
    listInitiatives: async (doc) => ({ path: `/api/document/${doc}/kpi/${kpiOf[doc]}/initiatives` }),
    createInitiative: async (doc) => ({ path: `/api/document/${doc}/kpi/${kpiOf[doc]}/initiatives`, body: plan }),
    getInitiative: async (doc) => ({ path: `/api/document/${doc}/kpi/${kpiOf[doc]}/initiatives/${await freshInitiative(doc)}` }),
    updateInitiative: async (doc) => ({ path: `/api/document/${doc}/kpi/${kpiOf[doc]}/initiatives/${await freshInitiative(doc)}`, body: plan }),
    deleteInitiative: async (doc) => ({ path: `/api/document/${doc}/kpi/${kpiOf[doc]}/initiatives/${await freshInitiative(doc)}` }),
    strategyMaps: async (doc) => ({ path: `/api/document/${doc}/maps` }),
    setMapLinks: async (doc) => ({ path: `/api/document/${doc}/maps/${doc}/links`, body: { links: [] } }),
    excelReport: async (doc) => ({ path: `/api/report/${doc}/excel` }),
    boardPack: async (doc) => ({ path: `/api/report/${doc}/board-pack?date=2024-06-30` }),
    batchRecords: async (doc) => ({ path: `/api/document/${doc}/kpi/batch/records?field=value` }),
    kpiRevisions: async (doc) => ({ path: `/api/document/${doc}/kpi/${kpiOf[doc]}/revisions` }),
    listChanges: async (doc) => ({ path: `/api/document/${doc}/changes` }),
    revertChange: async (doc) => ({ path: `/api/document/${doc}/changes/${await freshChange(doc)}/revert` }),
    // Changing nothing: no period is locked.
    lockPeriods: async (doc) => ({ path: `/api/document/${doc}/lock`, body: { lockedUntil: null } }),
    createFeed: async (doc) => ({ path: `/api/document/${doc}/feeds` }),
    scorecardForecast: async (doc) => ({ path: `/api/document/${doc}/kpi/indicators/forecast/MONTH` }),
    whatIf: async (doc) => ({
      path: `/api/document/${doc}/what-if`,
      body: { period: "MONTH", from: "2024-01-01", to: "2024-12-31", overrides: [{ guid: kpiOf[doc], date: "2024-03-01", value: 5 }] },
    }),
  };
  /** A change set of the admin's, the latest of the scorecard: its revert meets no later change. */
  const freshChange = async (doc: number) => {
    await asAdmin("POST", `/api/document/${doc}/kpi/batch/set-values`, { items: [{ guid: kpiOf[doc], date: "2024-02-01", value: Math.random() }] });
    return (await asAdmin("GET", `/api/document/${doc}/changes?limit=1`)).items[0].id as number;
  };
  const plan = { name: "Plan", status: "IN_PROGRESS", initiativeType: "PROJECT" };
  const freshInitiative = async (doc: number) => (await asAdmin("POST", `/api/document/${doc}/kpi/${kpiOf[doc]}/initiatives`, plan)).guid as string;
  const nameOf: Record<number, string> = {};
  /** A scorecard of the admin's that every user of the account may write. */
  const freshAccountDoc = async () => {
    const { id } = await asAdmin("POST", "/api/documents", { name: "Scratch" });
    await asAdmin("PUT", `/api/document/${id}/sharing`, { account: "write" });
    return id as number;
  };
  // A public address literal: no DNS needed, and not refused as internal.
  const freshWebhook = async () => (await asAdmin("POST", "/api/webhooks", { name: "hook", url: "https://93.184.216.34/hook" })).id as number;
  const freshAlert = async (doc: number) =>
    (await asAdmin("POST", `/api/document/${doc}/alerts`, { name: "a", kpiGuid: kpiOf[doc], condition: "VALUE_CHANGED", webhookId: await freshWebhook() }))
      .id as number;

  /** Routes of the account rather than of one scorecard: who may call them, made explicit. */
  const accountRequests: Record<string, { request: (who: Who) => Promise<Request>; expect: Record<Who, Outcome> }> = {
    accessInfo: { request: async () => ({ path: "/api/access/info" }), expect: { admin: "ok", expert: "ok", viewer: "ok", stranger: "ok" } },
    callSpending: { request: async () => ({ path: "/api/access/spending" }), expect: { admin: "ok", expert: "ok", viewer: "ok", stranger: "ok" } },
    logout: { request: async (who) => ({ path: "/logout", auth: await freshLogin(who) }), expect: { admin: "ok", expert: "ok", viewer: "ok", stranger: "ok" } },
    listScorecards: { request: async () => ({ path: "/api/documents/list" }), expect: { admin: "ok", expert: "ok", viewer: "ok", stranger: "ok" } },
    listApiKeys: { request: async () => ({ path: "/api/api-keys" }), expect: { admin: "ok", expert: "ok", viewer: "ok", stranger: "ok" } },
    // The stranger is an admin of its own account: it reads its own log.
    listActivity: { request: async () => ({ path: "/api/activity" }), expect: { admin: "ok", expert: 403, viewer: 403, stranger: "ok" } },
    exportActivity: { request: async () => ({ path: "/api/activity/export" }), expect: { admin: "ok", expert: 403, viewer: 403, stranger: "ok" } },
    createApiKey: {
      request: async () => ({ path: "/api/api-keys", body: { name: "mine" } }),
      expect: { admin: "ok", expert: "ok", viewer: "ok", stranger: "ok" },
    },
    // The admin's key: only an admin of the account may revoke another user's key.
    revokeApiKey: {
      request: async () => ({ path: `/api/api-keys/${(await asAdmin("POST", "/api/api-keys", { name: "k" })).id}` }),
      expect: { admin: "ok", expert: 404, viewer: 404, stranger: 404 },
    },
    listWebhooks: { request: async () => ({ path: "/api/webhooks" }), expect: { admin: "ok", expert: "ok", viewer: 403, stranger: "ok" } },
    createWebhook: {
      request: async () => ({ path: "/api/webhooks", body: { name: "h", url: "https://93.184.216.34/h" } }),
      expect: { admin: "ok", expert: 403, viewer: 403, stranger: "ok" },
    },
    deleteWebhook: {
      request: async () => ({ path: `/api/webhooks/${await freshWebhook()}` }),
      expect: { admin: "ok", expert: 403, viewer: 403, stranger: 404 },
    },
    updateWebhook: {
      request: async () => ({ path: `/api/webhooks/${await freshWebhook()}`, body: { format: "slack" } }),
      expect: { admin: "ok", expert: 403, viewer: 403, stranger: 404 },
    },
    listDeliveries: {
      request: async () => ({ path: `/api/webhooks/${await freshWebhook()}/deliveries` }),
      expect: { admin: "ok", expert: 403, viewer: 403, stranger: 404 },
    },
    testWebhook: {
      request: async () => ({ path: `/api/webhooks/${await freshWebhook()}/test` }),
      expect: { admin: "ok", expert: 403, viewer: 403, stranger: 404 },
    },
    redeliverEvent: {
      request: async () => {
        const hook = await freshWebhook();
        const { eventId } = await asAdmin("POST", `/api/webhooks/${hook}/test`);
        return { path: `/api/webhooks/${hook}/events/${eventId}/redeliver` };
      },
      expect: { admin: "ok", expert: 403, viewer: 403, stranger: 404 },
    },
    notificationSettings: {
      request: async () => ({ path: "/api/notification-settings" }),
      expect: { admin: "ok", expert: "ok", viewer: "ok", stranger: "ok" },
    },
    updateNotificationSettings: {
      request: async () => ({ path: "/api/notification-settings", body: { reminderDays: 3 } }),
      expect: { admin: "ok", expert: 403, viewer: 403, stranger: "ok" },
    },
    listUsers: { request: async () => ({ path: "/api/users" }), expect: { admin: "ok", expert: "ok", viewer: 403, stranger: "ok" } },
    updateUser: {
      request: async () => ({ path: `/api/users/${users.viewer!.userId}`, body: { role: "viewer" } }),
      expect: { admin: "ok", expert: 403, viewer: 403, stranger: 404 },
    },
    listInvitations: { request: async () => ({ path: "/api/invitations" }), expect: { admin: "ok", expert: 403, viewer: 403, stranger: "ok" } },
    createInvitation: {
      request: async (who) => ({
        path: "/api/invitations",
        body: { email: `new${Math.random()}@${who === "stranger" ? "else" : "team"}.example`, role: "viewer" },
      }),
      expect: { admin: "ok", expert: 403, viewer: 403, stranger: "ok" },
    },
    revokeInvitation: {
      request: async () => ({
        path: `/api/invitations/${(await asAdmin("POST", "/api/invitations", { email: `inv${Math.random()}@team.example`, role: "expert" })).id}`,
      }),
      expect: { admin: "ok", expert: 403, viewer: 403, stranger: 404 },
    },
    documentTree: { request: async () => ({ path: "/api/documents/tree" }), expect: { admin: "ok", expert: "ok", viewer: "ok", stranger: "ok" } },
    createDocument: { request: async () => ({ path: "/api/documents", body: {} }), expect: { admin: "ok", expert: "ok", viewer: 403, stranger: "ok" } },
    importDocument: {
      request: async () => ({ path: "/api/documents/import", body: { name: "Scratch", kpis: [{ name: "One" }] } }),
      expect: { admin: "ok", expert: "ok", viewer: 403, stranger: "ok" },
    },
    listDeletedDocuments: { request: async () => ({ path: "/api/documents/deleted" }), expect: { admin: "ok", expert: "ok", viewer: "ok", stranger: "ok" } },
    // Deleting is the owner's or an admin's, even for a scorecard the whole account writes.
    deleteDocument: {
      request: async () => ({ path: `/api/documents/list/${await freshAccountDoc()}` }),
      expect: { admin: "ok", expert: 403, viewer: 403, stranger: 404 },
    },
    restoreDocument: {
      request: async () => {
        const id = await freshAccountDoc();
        await asAdmin("DELETE", `/api/documents/list/${id}`);
        return { path: `/api/documents/list/${id}/restore` };
      },
      expect: { admin: "ok", expert: 404, viewer: 403, stranger: 404 },
    },
    indicatorTypes: {
      request: async () => ({ path: "/api/service/enums/indicator-types" }),
      expect: { admin: "ok", expert: "ok", viewer: "ok", stranger: "ok" },
    },
    initiativeStatuses: { request: async () => ({ path: "/api/initiative-statuses" }), expect: { admin: "ok", expert: "ok", viewer: "ok", stranger: "ok" } },
    organizationInfo: { request: async () => ({ path: "/api/organization-info" }), expect: { admin: "ok", expert: "ok", viewer: "ok", stranger: "ok" } },
    listFeeds: { request: async () => ({ path: "/api/feeds" }), expect: { admin: "ok", expert: "ok", viewer: "ok", stranger: "ok" } },
    // The admin's link: only its creator or an admin of the account revokes it.
    revokeFeed: {
      request: async () => ({ path: `/api/feeds/${(await asAdmin("POST", `/api/document/${docs.private}/feeds`)).id}` }),
      expect: { admin: "ok", expert: 404, viewer: 404, stranger: 404 },
    },
    listConnectors: { request: async () => ({ path: "/api/connectors" }), expect: { admin: "ok", expert: "ok", viewer: 403, stranger: "ok" } },
    // On the scorecard every user of the account may write: the stranger's account has no such scorecard.
    createConnector: {
      request: async () => ({ path: "/api/connectors", body: pushConnector(docs.accountWrite) }),
      expect: { admin: "ok", expert: "ok", viewer: 403, stranger: 404 },
    },
    previewDraftConnector: {
      request: async () => ({ path: "/api/connectors/preview", body: pushConnector(docs.accountWrite) }),
      expect: { admin: "ok", expert: "ok", viewer: 403, stranger: 404 },
    },
    // The admin's connectors on its private scorecard: only those who may write a scorecard see its connectors.
    getConnector: {
      request: async () => ({ path: `/api/connectors/${await freshConnector()}` }),
      expect: { admin: "ok", expert: 404, viewer: 403, stranger: 404 },
    },
    updateConnector: {
      request: async () => ({ path: `/api/connectors/${await freshConnector()}`, body: { enabled: false } }),
      expect: { admin: "ok", expert: 404, viewer: 403, stranger: 404 },
    },
    deleteConnector: {
      request: async () => ({ path: `/api/connectors/${await freshConnector()}` }),
      expect: { admin: "ok", expert: 404, viewer: 403, stranger: 404 },
    },
    previewConnector: {
      request: async () => ({ path: `/api/connectors/${await freshConnector()}/preview` }),
      expect: { admin: "ok", expert: 404, viewer: 403, stranger: 404 },
    },
    runConnector: {
      request: async () => ({ path: `/api/connectors/${await freshConnector()}/run` }),
      expect: { admin: "ok", expert: 404, viewer: 403, stranger: 404 },
    },
    listConnectorRuns: {
      request: async () => ({ path: `/api/connectors/${await freshConnector()}/runs` }),
      expect: { admin: "ok", expert: 404, viewer: 403, stranger: 404 },
    },
    getSso: { request: async () => ({ path: "/api/sso" }), expect: { admin: "ok", expert: 403, viewer: 403, stranger: "ok" } },
    updateSso: { request: async () => ({ path: "/api/sso", body: ssoBody() }), expect: { admin: "ok", expert: 403, viewer: 403, stranger: "ok" } },
    // Set up in the caller's account first, with its DNS record published.
    proveSsoDomain: {
      request: async (who) => {
        const saved = await call("PUT", "/api/sso", who === "stranger" ? stranger.auth : admin.auth, ssoBody());
        const [{ domain, dnsRecord }] = saved.json.sso.domainProofs;
        txt[dnsRecord.name] = [[dnsRecord.value]];
        return { path: `/api/sso/domains/${domain}/proof` };
      },
      expect: { admin: "ok", expert: 403, viewer: 403, stranger: "ok" },
    },
    deleteSso: {
      request: async (who) => (await call("PUT", "/api/sso", who === "stranger" ? stranger.auth : admin.auth, ssoBody()), { path: "/api/sso" }),
      expect: { admin: "ok", expert: 403, viewer: 403, stranger: "ok" },
    },
    twoFactorStatus: { request: async () => ({ path: "/api/me/two-factor" }), expect: { admin: "ok", expert: "ok", viewer: "ok", stranger: "ok" } },
    getPreferences: { request: async () => ({ path: "/api/me/preferences" }), expect: { admin: "ok", expert: "ok", viewer: "ok", stranger: "ok" } },
    updatePreferences: {
      request: async (who) => ({ path: "/api/me/preferences", auth: (await freshPerson(who)).auth, body: { language: "es" } }),
      expect: { admin: "ok", expert: "ok", viewer: "ok", stranger: "ok" },
    },
    setUpTwoFactor: {
      request: async (who) => ({ path: "/api/me/two-factor/setup", auth: (await freshPerson(who)).auth }),
      expect: { admin: "ok", expert: "ok", viewer: "ok", stranger: "ok" },
    },
    enableTwoFactor: {
      request: async (who) => {
        const person = await freshPerson(who);
        const { secret } = (await call("POST", "/api/me/two-factor/setup", person.auth)).json;
        return { path: "/api/me/two-factor/enable", auth: person.auth, body: { code: totpAt(secret, api.clock.now()) } };
      },
      expect: { admin: "ok", expert: "ok", viewer: "ok", stranger: "ok" },
    },
    disableTwoFactor: {
      request: async (who) => {
        const person = await freshPerson(who);
        const { secret } = (await call("POST", "/api/me/two-factor/setup", person.auth)).json;
        const { recoveryCodes } = (await call("POST", "/api/me/two-factor/enable", person.auth, { code: totpAt(secret, api.clock.now()) })).json;
        return { path: "/api/me/two-factor/disable", auth: person.auth, body: { code: recoveryCodes[0] } };
      },
      expect: { admin: "ok", expert: "ok", viewer: "ok", stranger: "ok" },
    },
    getSecurity: { request: async () => ({ path: "/api/security" }), expect: { admin: "ok", expert: 403, viewer: 403, stranger: "ok" } },
    updateSecurity: {
      request: async () => ({ path: "/api/security", body: { requireTwoFactor: false } }),
      expect: { admin: "ok", expert: 403, viewer: 403, stranger: "ok" },
    },
    listScimTokens: { request: async () => ({ path: "/api/scim-tokens" }), expect: { admin: "ok", expert: 403, viewer: 403, stranger: "ok" } },
    createScimToken: {
      request: async () => ({ path: "/api/scim-tokens", body: { name: "provider" } }),
      expect: { admin: "ok", expert: 403, viewer: 403, stranger: "ok" },
    },
    revokeScimToken: {
      request: async () => ({ path: `/api/scim-tokens/${(await asAdmin("POST", "/api/scim-tokens", { name: "t" })).id}` }),
      expect: { admin: "ok", expert: 403, viewer: 403, stranger: 404 },
    },
    createResetLink: {
      request: async () => ({ path: `/api/users/${users.viewer!.userId}/reset-link` }),
      expect: { admin: "ok", expert: 403, viewer: 403, stranger: 404 },
    },
    clearTwoFactor: {
      request: async () => {
        const person = await freshPerson("viewer");
        const { secret } = (await call("POST", "/api/me/two-factor/setup", person.auth)).json;
        await call("POST", "/api/me/two-factor/enable", person.auth, { code: totpAt(secret, api.clock.now()) });
        return { path: `/api/users/${person.userId}/two-factor` };
      },
      expect: { admin: "ok", expert: 403, viewer: 403, stranger: 404 },
    },
    changePassword: {
      request: async (who) => {
        const password = who === "stranger" || who === "admin" ? admin.password : users[who]!.password;
        return { path: "/api/me/password", body: { currentPassword: password, newPassword: password } };
      },
      expect: { admin: "ok", expert: "ok", viewer: "ok", stranger: "ok" },
    },
  };
  let domains = 0;
  const ssoBody = () => ({ issuer: provider.issuer, clientId: provider.client_id, clientSecret: provider.client_secret, domains: [`sso${++domains}.example`] });
  /** A new viewer in the caller's account, for calls on one's own two-factor codes (every role may make them; an extra admin would end "the last admin"). */
  const freshPerson = (who: Who) =>
    teammate(
      api,
      database.db,
      who === "stranger" ? stranger.accountId : admin.accountId,
      `fresh${Math.random().toString(36).slice(2)}@${who === "stranger" ? "else" : "team"}.example`,
      "viewer",
    );
  const pushConnector = (docId: number) => ({ name: "Pushed", kind: "push", shape: "rows", docId, mapping: { kpi: "kpi", date: "date", value: "value" } });
  const freshConnector = async () => (await asAdmin("POST", "/api/connectors", pushConnector(docs.private))).id as number;
  const freshLogin = async (who: Who) => {
    const email = who === "admin" ? "admin@team.example" : who === "stranger" ? "stranger@else.example" : `${who}@team.example`;
    const { token } = (await (await api.call("/login", jsonInit("POST", { email, contraseña: "correct horse battery" }))).json()) as { token: string };
    return { Token: token };
  };
  /** Routes without a Token: tested on their own below. */
  const untokened = new Set([
    "startSso",
    "finishSso",
    "requestPasswordReset",
    "confirmPasswordReset",
    "login",
    "lookupInvitation",
    "acceptInvitation",
    "publicScorecard",
    "publicGroupedValues",
    "setupStatus",
    "setup",
    "pushValues",
    "readFeed",
  ]);

  it("follows role x scorecard sharing on every route of the OpenAPI document, which the tables cover exactly", async () => {
    const doc = await (await api.call("/openapi.json")).json();
    const operations: Operation[] = Object.entries(doc.paths as Record<string, Record<string, { operationId: string; "x-gauge-role"?: Role }>>).flatMap(
      ([path, ops]) =>
        Object.entries(ops).map(([method, op]) => ({ operationId: op.operationId, method: method.toUpperCase(), path, role: op["x-gauge-role"] })),
    );
    expect(
      operations
        .map((o) => o.operationId)
        .filter((id) => !untokened.has(id))
        .sort(),
    ).toEqual([...Object.keys(scorecardRequests), ...Object.keys(accountRequests)].sort());
    // The document says which take no Token (security: []), and they are exactly these.
    const declaredOpen = Object.values(doc.paths as Record<string, Record<string, { operationId: string; security?: unknown[] }>>).flatMap((ops) =>
      Object.values(ops)
        .filter((op) => op.security?.length === 0)
        .map((op) => op.operationId),
    );
    expect(declaredOpen.sort()).toEqual([...untokened].sort());

    const mismatches: string[] = [];
    /**
     * Every read answers an ETag; repeated with If-None-Match it is 304, empty and free (the
     * budget left is what it was). A caller refused (403, 404) is refused again, whatever tag it sends.
     */
    const checkConditional = async (op: Operation, who: Who, request: Request, status: number) => {
      const headers = request.auth ?? auth[who]!;
      if (status !== 200) {
        const blind = await api.call(request.path, { headers: { ...headers, "If-None-Match": "*" } });
        if (blind.status !== status) mismatches.push(`${who} ${op.operationId} If-None-Match * : expected ${status}, got ${blind.status}`);
        return;
      }
      const first = await api.call(request.path, { headers });
      const etag = first.headers.get("ETag");
      const again = await api.call(request.path, { headers: { ...headers, "If-None-Match": etag ?? "none" } });
      const body = await again.text();
      const free = again.headers.get("X-RateLimit-Remaining") === first.headers.get("X-RateLimit-Remaining");
      if (!etag || again.status !== 304 || body !== "" || !free) {
        mismatches.push(`${who} ${op.operationId} ${request.path}: ETag ${etag}, then ${again.status} with ${body.length} bytes, ${free ? "free" : "counted"}`);
      }
    };
    const check = async (op: Operation, who: Who, request: Request, expected: Outcome) => {
      const { status, text, json } = await call(op.method, request.path, request.auth ?? auth[who]!, request.body);
      const outcome: Outcome | number = status >= 200 && status < 300 ? "ok" : status;
      if (outcome !== expected) mismatches.push(`${who} ${op.operationId} ${request.path}: expected ${expected}, got ${status} ${text.slice(0, 120)}`);
      // Every success answer is what the contract's schema says: the dashboard trusts its own server's answers unchecked.
      if (outcome === "ok" && json !== null) {
        const responses = (
          contractOperations as unknown as Record<string, { responses: Record<string, { content?: { "application/json"?: { schema: z.ZodType } } }> }>
        )[op.operationId]!.responses;
        const schema = responses[String(status)]?.content?.["application/json"]?.schema;
        const parsed = schema?.safeParse(json);
        if (!schema) mismatches.push(`${who} ${op.operationId}: no schema for its ${status} answer`);
        else if (!parsed!.success)
          mismatches.push(`${who} ${op.operationId} ${request.path}: the ${status} answer is not its schema's: ${parsed!.error.message.slice(0, 300)}`);
        else if (!isDeepStrictEqual(JSON.parse(JSON.stringify(parsed!.data)), json))
          mismatches.push(`${who} ${op.operationId} ${request.path}: its schema changes the ${status} answer: ${JSON.stringify(parsed!.data).slice(0, 300)}`);
      }
      if (status === 403) expect(json).toMatchObject({ success: false, code: "forbidden" });
      if (status === 404) expect(json).toMatchObject({ success: false, code: "not_found" });
      if (op.method === "GET") await checkConditional(op, who, request, status);
      // Nothing of the account leaks to the stranger, whatever the answer.
      if (who === "stranger") expect(text).not.toMatch(/team\.example|Shared for reading|Whole account writes/);
    };
    for (const op of operations) {
      const onScorecard = scorecardRequests[op.operationId];
      for (const who of ["stranger", "viewer", "expert", "admin"] as const) {
        if (onScorecard) {
          for (const d of Object.keys(docs) as Doc[]) await check(op, who, await onScorecard(docs[d]), expectedOnScorecard(who, d, op));
        } else if (accountRequests[op.operationId]) {
          const row = accountRequests[op.operationId]!;
          await check(op, who, await row.request(who), row.expect[who]);
        }
      }
    }
    expect(mismatches).toEqual([]);
    // The scorecards the table made, so the tests below see the account as it was set up.
    await database.db.delete(schema.scorecards).where(inArray(schema.scorecards.name, ["Scratch", "New scorecard"]));
    await database.db.delete(schema.kpis).where(inArray(schema.kpis.name, ["Extra", "Doomed"]));
  });

  it("lets an alert e-mail a person only where role x sharing lets that person read the scorecard", async () => {
    const withMail = createTestApi(database.db, api.clock, {
      rateLimitPerHour: 1_000_000,
      mail: { smtpUrl: "smtp://127.0.0.1:9", from: "Gauge <g@example.com>" },
    });
    const adminId = (await call("GET", "/api/access/info", admin.auth)).json.userId as number;
    const ids: Record<Exclude<Who, "stranger">, number> = { admin: adminId, expert: users.expert!.userId, viewer: users.viewer!.userId };
    for (const doc of Object.keys(docs) as Doc[]) {
      for (const who of Object.keys(ids) as Exclude<Who, "stranger">[]) {
        const body = { name: `Mail ${who}`, kpiGuid: kpiOf[docs[doc]], condition: "VALUE_CHANGED", emailUserIds: [ids[who]] };
        const response = await withMail.call(`/api/document/${docs[doc]}/alerts`, jsonInit("POST", body, admin.auth));
        expect(response.status, `${who} on ${doc}`).toBe(ACCESS[who][doc] ? 201 : 400);
        if (response.status === 201)
          await withMail.call(`/api/document/${docs[doc]}/alerts/${(await response.json()).id}`, { method: "DELETE", headers: admin.auth });
      }
    }
  });

  it("lists own scorecards as documents and the rest as sharedToUser, with each caller's access", async () => {
    const listOf = async (who: Who) => (await call("GET", "/api/documents/list", auth[who]!)).json;
    const summary = (list: { documents: { name: string; access: string }[]; sharedToUser: { name: string; access: string }[] }) => ({
      documents: list.documents.map((d) => `${d.name}:${d.access}`),
      sharedToUser: list.sharedToUser.map((d) => `${d.name}:${d.access}`),
    });
    expect(summary(await listOf("admin"))).toEqual({
      documents: ["Private:write", "Shared for reading:write", "Whole account writes:write"],
      sharedToUser: [],
    });
    expect(summary(await listOf("expert"))).toEqual({ documents: [], sharedToUser: ["Shared for reading:read", "Whole account writes:write"] });
    expect(summary(await listOf("viewer"))).toEqual({ documents: [], sharedToUser: ["Shared for reading:read", "Whole account writes:read"] });
    expect((await listOf("admin")).documents[2]).toMatchObject({ sharedForRegRW: true, sharedForPublic: false });
  });

  it("stops a deactivated user's session and API key at once, and lets them work again when reactivated", async () => {
    const mate = await teammate(api, database.db, admin.accountId, "leaving@team.example", "expert");
    const { key } = (await call("POST", "/api/api-keys", mate.auth, { name: "nightly" })).json;
    expect((await call("GET", "/api/documents/list", { Token: key })).status).toBe(200);
    expect((await call("PATCH", `/api/users/${mate.userId}`, admin.auth, { active: false })).status).toBe(200);
    expect((await call("GET", "/api/documents/list", { Token: key })).status).toBe(401);
    expect((await call("GET", "/api/documents/list", mate.auth)).status).toBe(401);
    const login = await api.call("/login", jsonInit("POST", { email: mate.email, contraseña: mate.password }));
    expect(login.status).toBe(401);
    await call("PATCH", `/api/users/${mate.userId}`, admin.auth, { active: true });
    expect((await call("GET", "/api/documents/list", { Token: key })).status).toBe(200);
  });

  it("never lets an API key do more than its role, nor more than its user's current role", async () => {
    const { key, role } = (await call("POST", "/api/api-keys", auth.expert!, { name: "read only", role: "viewer" })).json;
    expect(role).toBe("viewer");
    const write = `/api/document/${docs.accountWrite}/kpi/indicator/${kpiOf[docs.accountWrite]}/value/2024-02-01`;
    expect((await call("POST", write, { Token: key }, { value: 3 })).status).toBe(403);
    expect((await call("POST", write, auth.expert!, { value: 3 })).status).toBe(200);
    expect((await call("POST", "/api/api-keys", auth.expert!, { name: "too high", role: "admin" })).status).toBe(403);
    // An expert key of a user demoted to viewer reads only.
    const { key: expertKey } = (await call("POST", "/api/api-keys", auth.expert!, { name: "writer" })).json;
    await call("PATCH", `/api/users/${users.expert!.userId}`, admin.auth, { role: "viewer" });
    try {
      expect((await call("POST", write, { Token: expertKey }, { value: 4 })).status).toBe(403);
      expect((await call("GET", "/api/access/info", { Token: expertKey })).json.role).toBe("viewer");
    } finally {
      await call("PATCH", `/api/users/${users.expert!.userId}`, admin.auth, { role: "expert" });
    }
  });

  it("pools the hourly limit over active admins and experts; viewers and deactivated users add nothing", async () => {
    const info = async () => (await call("GET", "/api/access/info", admin.auth)).json;
    const before = await info();
    expect(before.allowedCount).toBe(before.countedUsers * 100_000);
    const mate = await teammate(api, database.db, admin.accountId, "extra@team.example", "expert");
    expect(await info()).toMatchObject({ countedUsers: before.countedUsers + 1, allowedCount: (before.countedUsers + 1) * 100_000 });
    await teammate(api, database.db, admin.accountId, "onlooker@team.example", "viewer");
    expect((await info()).countedUsers).toBe(before.countedUsers + 1);
    await call("PATCH", `/api/users/${mate.userId}`, admin.auth, { active: false });
    expect((await info()).allowedCount).toBe(before.allowedCount);
  });

  it("keeps one active admin: the last admin cannot demote or deactivate itself", async () => {
    const me = (await call("GET", "/api/access/info", admin.auth)).json.userId;
    for (const change of [{ role: "expert" }, { active: false }]) {
      const response = await call("PATCH", `/api/users/${me}`, admin.auth, change);
      expect(response.status).toBe(409);
      expect(response.json.errorMessage).toMatch(/at least one active admin/);
    }
    expect((await call("GET", "/api/access/info", admin.auth)).json.role).toBe("admin");
  });

  it("keeps one admin when two admins demote each other at the same moment, 10 times out of 10", async () => {
    for (let round = 0; round < 10; round++) {
      const first = await accountWithScorecards(api, database.db, `first${round}@pair.example`);
      const second = await teammate(api, database.db, first.accountId, `second${round}@pair.example`, "admin");
      const firstId = (await call("GET", "/api/access/info", first.auth)).json.userId;
      const answers = await Promise.all([
        call("PATCH", `/api/users/${second.userId}`, first.auth, { role: "viewer" }),
        call("PATCH", `/api/users/${firstId}`, second.auth, { role: "viewer" }),
      ]);
      // One wins; the other is refused (409 if it passed the role check before the first committed, 403 after).
      expect(answers.map((a) => a.status).filter((s) => s === 200)).toHaveLength(1);
      const admins = await database.db
        .select()
        .from(schema.users)
        .where(and(eq(schema.users.accountId, first.accountId), eq(schema.users.role, "admin")));
      expect(admins).toHaveLength(1);
    }
  });

  it("lets an invited person join once with their own password, within 7 days", async () => {
    const invitation = (await call("POST", "/api/invitations", admin.auth, { email: "Newcomer@Team.example", role: "expert" })).json;
    expect(invitation).toMatchObject({ email: "newcomer@team.example", role: "expert", token: expect.stringMatching(/^gin_/) });
    expect((await call("GET", "/api/invitations", admin.auth)).json.items.map((i: { email: string }) => i.email)).toContain("newcomer@team.example");
    const lookup = () => api.call("/invitations/lookup", jsonInit("POST", { token: invitation.token }));
    expect(await (await lookup()).json()).toEqual({
      email: "newcomer@team.example",
      role: "expert",
      account: "team.example",
      invitedBy: "admin@team.example",
      expiresAt: invitation.expiresAt,
    });
    const accept = (password: string) => api.call("/invitations/accept", jsonInit("POST", { token: invitation.token, password }));
    expect((await accept("short")).status).toBe(400);
    const joined = await accept("a long passphrase");
    expect(joined.status).toBe(200);
    const { token, success } = await joined.json();
    expect(success).toBe(true);
    expect((await call("GET", "/api/access/info", { Token: token })).json).toMatchObject({ email: "newcomer@team.example", role: "expert" });
    expect((await call("GET", "/api/documents/list", { Token: token })).json.sharedToUser.map((d: { name: string }) => d.name)).toEqual([
      "Whole account writes",
    ]);
    // Single use: once joined, the link says nothing any more.
    expect((await lookup()).status).toBe(404);
    const again = await accept("a long passphrase");
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ success: false, code: "not_found" });

    const late = (await call("POST", "/api/invitations", admin.auth, { email: "late@team.example", role: "viewer" })).json;
    api.clock.advance(7 * 86_400_000 + 1000);
    try {
      expect((await api.call("/invitations/accept", jsonInit("POST", { token: late.token, password: "a long passphrase" }))).status).toBe(404);
    } finally {
      api.clock.advance(-(7 * 86_400_000 + 1000));
    }
    expect((await call("POST", "/api/invitations", admin.auth, { email: "expert@team.example", role: "viewer" })).status).toBe(409);
  });

  it("publishes a scorecard read-only at a link that works without a token and stops when turned off", async () => {
    const { publicId } = (await call("PUT", `/api/document/${docs.private}/sharing`, admin.auth, { public: true })).json;
    expect(publicId).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    const before = (await call("GET", "/api/access/info", admin.auth)).json.usedCount;
    const tree = await api.call(`/public/${publicId}`);
    expect(tree.status).toBe(200);
    expect((await tree.json()).root.name).toBe("Private");
    const grouped = await api.call(`/public/${publicId}/grouped-value/MONTH/2024-01-01/2024-03-31`);
    expect(grouped.status).toBe(200);
    expect((await grouped.json()).items.length).toBe(6);
    expect((await call("GET", "/api/access/info", admin.auth)).json.usedCount).toBe(before);

    await call("PUT", `/api/document/${docs.private}/sharing`, admin.auth, { public: false });
    for (const path of [`/public/${publicId}`, `/public/${publicId}/grouped-value/MONTH/2024-01-01/2024-03-31`, "/public/unknown-link-0123456789"]) {
      const response = await api.call(path);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toMatchObject({ success: false, code: "not_found" });
    }
  });

  it("answers no personal data on any public route: no e-mail, no person's name, no user ID", async () => {
    const doc = docs.private;
    const sales = kpiOf[doc]!;
    await asAdmin("PATCH", `/api/document/${doc}/kpi/${sales}`, { ownerId: users.expert!.userId });
    await asAdmin("POST", `/api/document/${doc}/kpi/${sales}/initiatives`, {
      name: "Win back lost accounts",
      status: "IN_PROGRESS",
      initiativeType: "PROJECT",
      responsible: ["Ana Quintero", users.viewer!.email],
    });
    await asAdmin("POST", `/api/document/${doc}/kpi/${sales}/notes`, { date: "2024-02-01", text: "Quiet month" });
    const { publicId } = await asAdmin("PUT", `/api/document/${doc}/sharing`, { public: true });
    const sample: Record<string, string> = { publicId, period: "MONTH", startDate: "2024-01-01", endDate: "2024-12-31" };
    // Every public operation of the OpenAPI document, so that a new one cannot escape.
    const paths = Object.keys((await (await api.call("/openapi.json")).json()).paths).filter((p) => p.startsWith("/rest/public/"));
    expect(paths.length).toBeGreaterThanOrEqual(2);
    for (const template of paths) {
      const path = template.replace(/^\/rest/, "").replace(/\{(\w+)\}/g, (_, name: string) => sample[name]!);
      const response = await api.call(path);
      expect(response.status, path).toBe(200);
      const text = await response.text();
      expect(text, path).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
      expect(text, path).not.toContain("Ana Quintero");
      expect(text, path).not.toMatch(/"(ownerId|userId|author)":(?!null)/);
    }
    await asAdmin("PUT", `/api/document/${doc}/sharing`, { public: false });
  });

  it("refuses shares with users of another account, naming them, and changes nothing", async () => {
    const strangerId = (await call("GET", "/api/access/info", stranger.auth)).json.userId;
    const response = await call("PUT", `/api/document/${docs.sharedRead}/sharing`, admin.auth, { users: [{ userId: strangerId, access: "read" }] });
    expect(response.status).toBe(400);
    expect(response.json.details).toEqual([{ path: "users.0.userId", message: "No such user in this account" }]);
    expect((await call("GET", `/api/document/${docs.sharedRead}/sharing`, admin.auth)).json.users.map((u: { email: string }) => u.email)).toEqual([
      "expert@team.example",
      "viewer@team.example",
    ]);
  });
});

describe.each(testDatabases)("the first start without demo data, on $name", ({ open }) => {
  const env = apiOver(open);

  it("lets exactly one of several first visitors at once create the first admin, and nobody after", async () => {
    expect(await (await env.api.call("/setup")).json()).toEqual({ needed: true, singleSignOn: false });
    const attempts = await Promise.all(
      Array.from({ length: 5 }, (_, i) => env.api.call("/setup", jsonInit("POST", { email: `first${i}@fresh.example`, password: "a long passphrase" }))),
    );
    const statuses = attempts.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    const winner = await attempts.find((r) => r.status === 200)!.json();
    const info = await (await env.api.call("/api/access/info", { headers: { Token: winner.token } })).json();
    expect(info).toMatchObject({ role: "admin", email: winner.email });
    expect(await (await env.api.call("/setup")).json()).toEqual({ needed: false, singleSignOn: false });
    const late = await env.api.call("/setup", jsonInit("POST", { email: "late@fresh.example", password: "a long passphrase" }));
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ success: false, code: "conflict" });
  });
});
