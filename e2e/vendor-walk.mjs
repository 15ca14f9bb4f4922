#!/usr/bin/env node
// Walks the 40 operations of BSC Designer's REST API (lib/contract/BSC-API.md) against a running
// Gauge, as a third-party script written from that catalog would: the vendor's methods, paths,
// parameter names and bodies, checking the response fields the catalog lists. Node's standard
// library only. It works in a scratch scorecard it creates (and deletes at the end), so the
// account's own scorecards are left as they were; the two KPIs it needs are added with Gauge's
// own POST .../kpi, which is setup, not one of the 40.
//
//   node e2e/vendor-walk.mjs [baseUrl] [email] [password]
//   (defaults: http://localhost:3000, demo@example.com, demo-password; needs an admin or expert)

import { DOC, INIT, KPI, VAL } from "../lib/contract/vendor-fields.mjs";

const [base = "http://localhost:3000", email = "demo@example.com", password = "demo-password"] = process.argv.slice(2);
const root = `${base.replace(/\/$/, "")}/rest`;
let token = "";
const results = [];

async function call(method, path, body) {
  const response = await fetch(`${root}${path}`, {
    method,
    headers: { Accept: "application/json", ...(token ? { Token: token } : {}), ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const type = response.headers.get("Content-Type") ?? "";
  const data = type.includes("json") ? await response.json() : new Uint8Array(await response.arrayBuffer());
  return { status: response.status, type, data };
}

/** Runs operation `n`; `check` returns what is missing from the answer (empty: as documented). */
async function op(n, method, path, body, check = () => []) {
  let outcome;
  try {
    const r = await call(method, path, body);
    const missing = r.status >= 200 && r.status < 300 ? check(r.data, r) : [`HTTP ${r.status}: ${JSON.stringify(r.data).slice(0, 200)}`];
    outcome = { n, ok: missing.length === 0, line: `${method} ${path} -> ${r.status}${missing.length ? `; ${missing.join(", ")}` : ""}`, data: r.data };
  } catch (error) {
    outcome = { n, ok: false, line: `${method} ${path} -> ${error.message}`, data: null };
  }
  results.push(outcome);
  console.log(`${outcome.ok ? "ok  " : "FAIL"} ${String(n).padStart(2)}  ${outcome.line}`);
  return outcome.data;
}

const has =
  (...fields) =>
  (data) =>
    fields.filter((f) => data === null || typeof data !== "object" || !(f in data)).map((f) => `no ${f}`);
const GROUPED = ["period", "start", "end"];
const rows = (key, fields) => (data) => [
  ...has(key)(data),
  ...(Array.isArray(data?.[key]) && data[key].length ? has(...fields)(data[key][0]) : [`empty ${key}`]),
];

const today = new Date().toISOString().slice(0, 10);
const date = `${today.slice(0, 7)}-01`;
const yearStart = `${today.slice(0, 4)}-01-01`;

const login = await call("POST", "/login", { email, password });
if (!login.data?.token) {
  console.error(`Login failed (${login.status}): ${JSON.stringify(login.data)}`);
  process.exit(2);
}
token = login.data.token;
console.log(`Logged in as ${email} at ${root}`);

await op(1, "GET", "/api/access/info", undefined, has("allowedCount", "usedCount", "email", "error"));
await op(2, "GET", "/api/documents/list", undefined, has("documents", "sharedToUser"));
await op(3, "GET", "/api/documents/tree", undefined, has("root", "sharedToUser"));
const doc = await op(5, "POST", "/api/documents", {}, has(...DOC));
const id = doc?.id;
const alias = `walk-${Date.now().toString(36)}`;
await op(6, "PUT", `/api/documents/list/${id}`, { name: "Vendor walk", alias, description: "Made by e2e/vendor-walk.mjs" }, (d) => [
  ...has(...DOC)(d),
  ...(d.alias === alias ? [] : ["alias not set"]),
]);
await op(4, "GET", `/api/documents/list/${alias}`, undefined, (d) => [...has(...DOC)(d), ...(d.id === id ? [] : ["alias names another scorecard"])]);

// Setup with Gauge's own KPI create: a perspective and two indicators.
const perspective = (await call("POST", `/api/document/${id}/kpi`, { name: "Customer", indicatorType: "CONTAINER" })).data;
const kpi = (await call("POST", `/api/document/${id}/kpi`, { name: "Revenue", parentGuid: perspective.guid, measure: "USD", target: 100 })).data.guid;
const other = (await call("POST", `/api/document/${id}/kpi`, { name: "Churn", parentGuid: perspective.guid, optimization: "MINIMIZE" })).data.guid;

await op(8, "GET", `/api/document/${alias}/kpi/list`, undefined, has("items"));
await op(9, "GET", `/api/document/${id}/kpi/tree`, undefined, has("root"));
await op(13, "GET", `/api/document/${id}/kpi/${kpi}`, undefined, has(...KPI));
await op(
  14,
  "PUT",
  `/api/document/${id}/kpi/${kpi}`,
  { name: "Revenue", description: "Monthly revenue", indicatorType: "INDICATOR" },
  has("guid", "name", "description", "indicatorType"),
);
await op(15, "GET", "/api/service/enums/indicator-types", undefined, rows("items", ["value"]));
await op(17, "POST", `/api/document/${id}/kpi/indicator/${kpi}/value/${date}`, { value: 80, target: 100, baseline: 0, min: 0, max: 150 }, has(...VAL));
await op(16, "GET", `/api/document/${id}/kpi/indicator/${kpi}/value/${date}`, undefined, has(...VAL));
await op(18, "GET", `/api/document/${id}/kpi/batch/all/get-value/${date}`, undefined, rows("values", ["guid", "value", "target"]));
await op(19, "POST", `/api/document/${id}/kpi/batch/get-value/${date}`, [kpi, other], rows("values", ["guid", "value", "target"]));
await op(20, "POST", `/api/document/${id}/kpi/batch/set-value/${date}`, [{ guid: other, value: 3 }], rows("values", ["guid", "value"]));
await call("POST", `/api/document/${id}/kpi/indicator/${kpi}/value/${yearStart}`, { value: 50, target: 90, baseline: 10, min: 0, max: 200, score: 0.5 });
await op(21, "GET", `/api/document/${id}/kpi/indicator/${kpi}/values/${yearStart}`, undefined, has("baseline", "target", "min", "max", "score"));
for (const [n, field] of [
  [23, "target"],
  [24, "baseline"],
  [25, "min"],
  [26, "max"],
  [27, "score"],
]) {
  await op(n, "DELETE", `/api/document/${id}/kpi/indicator/${kpi}/${field}/${yearStart}`);
}
await op(22, "DELETE", `/api/document/${id}/kpi/indicator/${kpi}/values/${yearStart}`);
await op(28, "GET", `/api/document/${id}/kpi/indicator/${kpi}/grouped-value/MONTH`, undefined, has(...GROUPED, "item"));
await op(29, "GET", `/api/document/${id}/kpi/indicator/${kpi}/grouped-value/MONTH/${yearStart}/${today}`, undefined, has(...GROUPED, "item"));
await op(30, "GET", `/api/document/${id}/kpi/indicatos/grouped-value/MONTH`, undefined, has(...GROUPED, "items"));
await op(31, "GET", `/api/document/${id}/kpi/indicators/grouped-value/MONTH/${yearStart}/${today}`, undefined, has(...GROUPED, "items"));
await op(32, "GET", "/api/initiative-statuses", undefined, rows("items", ["value"]));
const plan = {
  name: "Loyalty programme",
  status: "IN_PROGRESS",
  initiativeType: "PROJECT",
  description: "",
  currency: "USD",
  durationUnit: "MONTH",
  intervalStart: yearStart,
  showOnMap: true,
  budget: 1000,
  duration: 6,
};
const initiative = await op(34, "POST", `/api/document/${id}/kpi/${kpi}/initiatives`, plan, has(...INIT));
await op(33, "GET", `/api/document/${id}/kpi/${kpi}/initiatives`, undefined, rows("items", INIT));
await op(35, "GET", `/api/document/${id}/kpi/${kpi}/initiatives/${initiative?.guid}`, undefined, has(...INIT));
await op(36, "PUT", `/api/document/${id}/kpi/${kpi}/initiatives/${initiative?.guid}`, { ...plan, status: "COMPLETED" }, (d) => [
  ...has(...INIT)(d),
  ...(d.status === "COMPLETED" ? [] : ["status not changed"]),
]);
await op(38, "GET", `/api/document/${id}/maps`, undefined, has("items"));
await op(37, "DELETE", `/api/document/${id}/kpi/${kpi}/initiatives/${initiative?.guid}`);
await op(10, "GET", `/api/document/${id}/download`, undefined, has("name", "kpis"));
await op(11, "POST", `/api/document/${id}/document-check-requests`);
await op(12, "PUT", `/api/document/${id}/kpi/weight-balance`, undefined, (d) =>
  Array.isArray(d) && d.length && "newWeight" in d[0] && "oldWeight" in d[0] ? [] : ["no weight changes listed"],
);
await op(39, "GET", `/api/report/${id}/excel?start=${date}`, undefined, (d, r) =>
  r.type.includes("spreadsheetml") && d[0] === 0x50 && d[1] === 0x4b ? [] : ["not an .xlsx file"],
);
await op(40, "GET", "/api/organization-info", undefined, has("settings", "strategy"));
await op(7, "DELETE", `/api/documents/list/${id}`);

const passed = new Set(results.filter((r) => r.ok).map((r) => r.n));
const failed = new Set(results.filter((r) => !r.ok).map((r) => r.n));
const answered = [...passed].filter((n) => !failed.has(n)).length;
console.log(`\n${answered} of 40 operations answered as documented`);
process.exit(answered === 40 ? 0 : 1);
