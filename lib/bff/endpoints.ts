import { type OperationBody, type OperationInput, type OperationResponse, type QueryKey, read, write } from "./endpoint-spec";

export const keys = {
  scorecards: ["scorecards"],
  scorecard: (docId: number) => ["scorecard", docId],
  grouped: (docId: number) => ["scorecard", docId, "grouped"],
  alerts: (docId?: number) => (docId === undefined ? ["alerts"] : ["alerts", docId]),
  webhooks: ["webhooks"],
  deliveries: (id: number) => ["webhooks", id, "deliveries"],
  users: ["users"],
  invitations: ["invitations"],
  apiKeys: ["api-keys"],
  sharing: (docId: number) => ["scorecard", docId, "sharing"],
  deleted: ["scorecards-deleted"],
  records: (docId: number) => ["scorecard", docId, "records"],
  tree: (docId: number) => ["scorecard", docId, "tree"],
  maps: (docId: number) => ["scorecard", docId, "maps"],
  notificationSettings: ["notification-settings"],
  history: (docId: number) => ["scorecard", docId, "history"],
  connectors: ["connectors"],
  feeds: ["feeds"],
  sso: ["sso"],
  twoFactor: ["two-factor"],
  security: ["security"],
  scimTokens: ["scim-tokens"],
} as const;

// Deleting a KPI deletes its values: the history shows it.
const kpiShaped = (docId: number): QueryKey[] => [
  keys.tree(docId),
  keys.grouped(docId),
  keys.records(docId),
  keys.maps(docId),
  keys.scorecards,
  keys.history(docId),
];

export const endpoints = {
  budget: read({ op: "accessInfo", method: "GET", path: "/api/access/info", key: () => ["budget"], live: true }),
  callSpending: read({ op: "callSpending", method: "GET", path: "/api/access/spending", key: () => ["call-spending"], live: true }),
  scorecards: read({ op: "listScorecards", method: "GET", path: "/api/documents/list", key: () => keys.scorecards }),
  tree: read({ op: "kpiTree", method: "GET", path: "/api/document/{docId}/kpi/tree", key: ({ docId }) => keys.tree(docId) }),
  grouped: read({
    op: "groupedValues",
    method: "GET",
    path: "/api/document/{docId}/kpi/indicators/grouped-value/{period}/{startDate}/{endDate}",
    key: ({ docId, period, startDate, endDate, guids }) => [...keys.grouped(docId), period, startDate, endDate, ...(guids ? [guids.join(",")] : [])],
  }),
  setValues: write({
    op: "batchSetValues",
    method: "POST",
    path: "/api/document/{docId}/kpi/batch/set-values",
    headers: ["Idempotency-Key"],
    // Values change the scorecard's grouped reads and records and its "updated" date, not its KPI
    // tree; and they may fire alerts (each alert's "last fired").
    stale: ({ docId }) => [keys.grouped(docId), keys.records(docId), keys.scorecards, keys.alerts(docId), keys.history(docId)],
  }),
  records: read({
    op: "batchRecords",
    method: "GET",
    path: "/api/document/{docId}/kpi/batch/records",
    key: ({ docId, field, from, to }) => [...keys.records(docId), field, from ?? "", to ?? ""],
  }),
  alerts: read({ op: "listAlerts", method: "GET", path: "/api/document/{docId}/alerts", key: ({ docId }) => keys.alerts(docId) }),
  createAlert: write({ op: "createAlert", method: "POST", path: "/api/document/{docId}/alerts", stale: ({ docId }) => [keys.alerts(docId)] }),
  updateAlert: write({ op: "updateAlert", method: "PATCH", path: "/api/document/{docId}/alerts/{id}", stale: ({ docId }) => [keys.alerts(docId)] }),
  deleteAlert: write({ op: "deleteAlert", method: "DELETE", path: "/api/document/{docId}/alerts/{id}", stale: ({ docId }) => [keys.alerts(docId)] }),
  alertHistory: read({
    op: "alertHistory",
    method: "GET",
    path: "/api/document/{docId}/alerts/{id}/history",
    key: ({ docId, id }) => [...keys.alerts(docId), id, "history"],
    live: true,
  }),
  webhooks: read({ op: "listWebhooks", method: "GET", path: "/api/webhooks", key: () => keys.webhooks }),
  createWebhook: write({ op: "createWebhook", method: "POST", path: "/api/webhooks", stale: () => [keys.webhooks] }),
  updateWebhook: write({ op: "updateWebhook", method: "PATCH", path: "/api/webhooks/{id}", stale: () => [keys.webhooks] }),
  // Deleting a webhook deletes its alerts, in every scorecard.
  deleteWebhook: write({ op: "deleteWebhook", method: "DELETE", path: "/api/webhooks/{id}", stale: () => [keys.webhooks, keys.alerts()] }),
  deliveries: read({ op: "listDeliveries", method: "GET", path: "/api/webhooks/{id}/deliveries", key: ({ id }) => keys.deliveries(id), live: true }),
  testWebhook: write({ op: "testWebhook", method: "POST", path: "/api/webhooks/{id}/test", stale: ({ id }) => [keys.deliveries(id)] }),
  redeliver: write({
    op: "redeliverEvent",
    method: "POST",
    path: "/api/webhooks/{id}/events/{eventId}/redeliver",
    stale: ({ id }) => [keys.deliveries(id)],
  }),
  logout: write({ op: "logout", method: "POST", path: "/logout", stale: () => [], serverOnly: true }),
  // People, invitations and keys change by others' hands (someone joins, a script uses a key):
  // these admin pages read them live rather than from the shared cache.
  users: read({ op: "listUsers", method: "GET", path: "/api/users", key: () => keys.users, live: true }),
  updateUser: write({ op: "updateUser", method: "PATCH", path: "/api/users/{id}", stale: () => [keys.users, ["budget"]] }),
  invitations: read({ op: "listInvitations", method: "GET", path: "/api/invitations", key: () => keys.invitations, live: true }),
  createInvitation: write({ op: "createInvitation", method: "POST", path: "/api/invitations", stale: () => [keys.invitations] }),
  revokeInvitation: write({ op: "revokeInvitation", method: "DELETE", path: "/api/invitations/{id}", stale: () => [keys.invitations] }),
  apiKeys: read({ op: "listApiKeys", method: "GET", path: "/api/api-keys", key: () => keys.apiKeys, live: true }),
  createApiKey: write({ op: "createApiKey", method: "POST", path: "/api/api-keys", stale: () => [keys.apiKeys] }),
  revokeApiKey: write({ op: "revokeApiKey", method: "DELETE", path: "/api/api-keys/{id}", stale: () => [keys.apiKeys] }),
  sharing: read({ op: "getSharing", method: "GET", path: "/api/document/{docId}/sharing", key: ({ docId }) => keys.sharing(docId) }),
  // Sharing changes who sees the scorecard in every list.
  updateSharing: write({
    op: "updateSharing",
    method: "PUT",
    path: "/api/document/{docId}/sharing",
    stale: ({ docId }) => [keys.sharing(docId), keys.scorecards],
  }),
  // Authoring. A scorecard's edits change its tree, its grouped reads and its card in the list.
  scorecard: read({
    op: "getScorecard",
    method: "GET",
    path: "/api/documents/list/{docId}",
    key: ({ docId }) => [...keys.scorecard(docId), "info"],
    perCaller: true,
  }),
  importScorecard: write({ op: "importDocument", method: "POST", path: "/api/documents/import", headers: ["Idempotency-Key"], stale: () => [keys.scorecards] }),
  createScorecard: write({ op: "createDocument", method: "POST", path: "/api/documents", headers: ["Idempotency-Key"], stale: () => [keys.scorecards] }),
  updateScorecard: write({
    op: "updateDocument",
    method: "PUT",
    path: "/api/documents/list/{docId}",
    stale: ({ docId }) => [keys.scorecard(docId), keys.scorecards],
  }),
  deleteScorecard: write({ op: "deleteDocument", method: "DELETE", path: "/api/documents/list/{docId}", stale: () => [keys.scorecards, keys.deleted] }),
  deletedScorecards: read({ op: "listDeletedDocuments", method: "GET", path: "/api/documents/deleted", key: () => keys.deleted, live: true }),
  restoreScorecard: write({ op: "restoreDocument", method: "POST", path: "/api/documents/list/{docId}/restore", stale: () => [keys.scorecards, keys.deleted] }),
  // A KPI's settings shape its tree, its grouped figures, its records and the map; not the
  // scorecard's own settings or sharing, which the editor would otherwise read again each time.
  createKpi: write({
    op: "createKpi",
    method: "POST",
    path: "/api/document/{docId}/kpi",
    headers: ["Idempotency-Key"],
    stale: ({ docId }) => kpiShaped(docId),
  }),
  updateKpi: write({ op: "updateKpi", method: "PATCH", path: "/api/document/{docId}/kpi/{guid}", stale: ({ docId }) => kpiShaped(docId) }),
  deleteKpi: write({ op: "deleteKpi", method: "DELETE", path: "/api/document/{docId}/kpi/{guid}", stale: ({ docId }) => kpiShaped(docId) }),
  // Notes ride on the grouped reads (the chart's markers): writes refresh those too.
  createNote: write({ op: "createNote", method: "POST", path: "/api/document/{docId}/kpi/{guid}/notes", stale: ({ docId }) => [keys.grouped(docId)] }),
  deleteNote: write({ op: "deleteNote", method: "DELETE", path: "/api/document/{docId}/notes/{id}", stale: ({ docId }) => [keys.grouped(docId)] }),
  notificationSettings: read({ op: "notificationSettings", method: "GET", path: "/api/notification-settings", key: () => keys.notificationSettings }),
  updateNotificationSettings: write({
    op: "updateNotificationSettings",
    method: "PATCH",
    path: "/api/notification-settings",
    stale: () => [keys.notificationSettings],
  }),
  maps: read({ op: "strategyMaps", method: "GET", path: "/api/document/{docId}/maps", key: ({ docId }) => keys.maps(docId) }),
  setMapLinks: write({ op: "setMapLinks", method: "PUT", path: "/api/document/{docId}/maps/{mapId}/links", stale: ({ docId }) => [keys.maps(docId)] }),
  // Initiatives ride on the KPI tree (and the map's markers): writes refresh the scorecard's reads.
  createInitiative: write({
    op: "createInitiative",
    method: "POST",
    path: "/api/document/{docId}/kpi/{guid}/initiatives",
    headers: ["Idempotency-Key"],
    stale: ({ docId }) => [keys.tree(docId), keys.maps(docId)],
  }),
  updateInitiative: write({
    op: "updateInitiative",
    method: "PUT",
    path: "/api/document/{docId}/kpi/{guid}/initiatives/{initiativeGuid}",
    stale: ({ docId }) => [keys.tree(docId), keys.maps(docId)],
  }),
  deleteInitiative: write({
    op: "deleteInitiative",
    method: "DELETE",
    path: "/api/document/{docId}/kpi/{guid}/initiatives/{initiativeGuid}",
    stale: ({ docId }) => [keys.tree(docId), keys.maps(docId)],
  }),
  // History: a scorecard's change sets and a KPI's revisions; an undo changes the values as a save does.
  changes: read({
    op: "listChanges",
    method: "GET",
    path: "/api/document/{docId}/changes",
    key: ({ docId, limit, before }) => [...keys.history(docId), "changes", limit ?? "", before ?? ""],
  }),
  revisions: read({
    op: "kpiRevisions",
    method: "GET",
    path: "/api/document/{docId}/kpi/{guid}/revisions",
    key: ({ docId, guid, from, to, limit, before }) => [...keys.history(docId), "revisions", guid, from ?? "", to ?? "", limit ?? "", before ?? ""],
  }),
  revertChange: write({
    op: "revertChange",
    method: "POST",
    path: "/api/document/{docId}/changes/{changeId}/revert",
    stale: ({ docId }) => [keys.grouped(docId), keys.records(docId), keys.scorecards, keys.alerts(docId), keys.history(docId)],
  }),
  // Locking changes what every reader of the scorecard is told about it (its tree, its card).
  lockPeriods: write({ op: "lockPeriods", method: "PUT", path: "/api/document/{docId}/lock", stale: ({ docId }) => [keys.scorecard(docId), keys.scorecards] }),
  // The activity log grows with every change anyone makes: read live.
  activity: read({
    op: "listActivity",
    method: "GET",
    path: "/api/activity",
    key: ({ person, scorecard, kind, from, to, limit, before }) => [
      "activity",
      person ?? "",
      scorecard ?? "",
      kind ?? "",
      from ?? "",
      to ?? "",
      limit ?? "",
      before ?? "",
    ],
    live: true,
  }),
  changePassword: write({ op: "changePassword", method: "POST", path: "/api/me/password", stale: () => [] }),
  // Connectors run by themselves: their list (with each last run) is revalidated like any read, and
  // a run from the dashboard changes its scorecard's figures, which are revalidated within seconds.
  connectors: read({ op: "listConnectors", method: "GET", path: "/api/connectors", key: ({ docId }) => [...keys.connectors, docId ?? ""] }),
  connectorRuns: read({
    op: "listConnectorRuns",
    method: "GET",
    path: "/api/connectors/{id}/runs",
    key: ({ id }) => [...keys.connectors, id, "runs"],
    live: true,
  }),
  createConnector: write({ op: "createConnector", method: "POST", path: "/api/connectors", stale: () => [keys.connectors] }),
  updateConnector: write({ op: "updateConnector", method: "PATCH", path: "/api/connectors/{id}", stale: () => [keys.connectors] }),
  deleteConnector: write({ op: "deleteConnector", method: "DELETE", path: "/api/connectors/{id}", stale: () => [keys.connectors] }),
  previewDraftConnector: write({ op: "previewDraftConnector", method: "POST", path: "/api/connectors/preview", stale: () => [] }),
  previewConnector: write({ op: "previewConnector", method: "POST", path: "/api/connectors/{id}/preview", stale: () => [] }),
  // Forecasts follow the scorecard's figures: they ride on its grouped key, made stale by the same writes.
  forecast: read({
    op: "scorecardForecast",
    method: "GET",
    path: "/api/document/{docId}/kpi/indicators/forecast/{period}",
    key: ({ docId, period, horizon }) => [...keys.grouped(docId), "forecast", period, horizon ?? ""],
  }),
  whatIf: write({ op: "whatIf", method: "POST", path: "/api/document/{docId}/what-if", stale: () => [] }),
  feeds: read({ op: "listFeeds", method: "GET", path: "/api/feeds", key: () => keys.feeds }),
  createFeed: write({ op: "createFeed", method: "POST", path: "/api/document/{docId}/feeds", stale: () => [keys.feeds] }),
  revokeFeed: write({ op: "revokeFeed", method: "DELETE", path: "/api/feeds/{id}", stale: () => [keys.feeds] }),
  runConnector: write({ op: "runConnector", method: "POST", path: "/api/connectors/{id}/run", stale: () => [keys.connectors] }),
  // Sign-in settings are an admin's, and a person's own two-factor codes are theirs: read live.
  sso: read({ op: "getSso", method: "GET", path: "/api/sso", key: () => keys.sso, live: true }),
  updateSso: write({ op: "updateSso", method: "PUT", path: "/api/sso", stale: () => [keys.sso] }),
  deleteSso: write({ op: "deleteSso", method: "DELETE", path: "/api/sso", stale: () => [keys.sso] }),
  proveSsoDomain: write({ op: "proveSsoDomain", method: "POST", path: "/api/sso/domains/{domain}/proof", stale: () => [keys.sso] }),
  security: read({ op: "getSecurity", method: "GET", path: "/api/security", key: () => keys.security, live: true }),
  updateSecurity: write({ op: "updateSecurity", method: "PUT", path: "/api/security", stale: () => [keys.security, keys.twoFactor] }),
  scimTokens: read({ op: "listScimTokens", method: "GET", path: "/api/scim-tokens", key: () => keys.scimTokens, live: true }),
  createScimToken: write({ op: "createScimToken", method: "POST", path: "/api/scim-tokens", stale: () => [keys.scimTokens] }),
  revokeScimToken: write({ op: "revokeScimToken", method: "DELETE", path: "/api/scim-tokens/{id}", stale: () => [keys.scimTokens] }),
  twoFactor: read({ op: "twoFactorStatus", method: "GET", path: "/api/me/two-factor", key: () => keys.twoFactor, live: true }),
  setUpTwoFactor: write({ op: "setUpTwoFactor", method: "POST", path: "/api/me/two-factor/setup", stale: () => [] }),
  enableTwoFactor: write({ op: "enableTwoFactor", method: "POST", path: "/api/me/two-factor/enable", stale: () => [keys.twoFactor, ["budget"]] }),
  updatePreferences: write({ op: "updatePreferences", method: "PUT", path: "/api/me/preferences", stale: () => [["budget"]] }),
  disableTwoFactor: write({ op: "disableTwoFactor", method: "POST", path: "/api/me/two-factor/disable", stale: () => [keys.twoFactor] }),
  createResetLink: write({ op: "createResetLink", method: "POST", path: "/api/users/{id}/reset-link", stale: () => [] }),
  clearTwoFactor: write({ op: "clearTwoFactor", method: "DELETE", path: "/api/users/{id}/two-factor", stale: () => [keys.users] }),
};

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
export type ReadName = { [E in EndpointName]: Endpoints[E] extends { kind: "read" } ? E : never }[EndpointName];
export type WriteName = Exclude<EndpointName, ReadName>;
type OpOf<E extends EndpointName> = Endpoints[E]["op"];
export type InputOf<E extends EndpointName> = OperationInput<OpOf<E>>;
export type BodyOf<E extends EndpointName> = OperationBody<OpOf<E>>;
export type ResponseOf<E extends EndpointName> = OperationResponse<OpOf<E>>;
