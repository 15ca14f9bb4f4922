import { describe, expect, it } from "vitest";
import { accountWithScorecards, jsonInit, smallScorecard, teammate } from "@/lib/testing/api";
import { apiOver } from "@/lib/testing/suite";
import { testDatabases } from "@/lib/testing/databases";

describe.each(testDatabases)("the account's activity log, on $name", ({ open }) => {
  const env = apiOver(open);

  it("records sign-ins, people, keys, sharing, webhooks, scorecards, exports and locks, with who and through what, and never a secret", async () => {
    const email = `log-${Date.now()}@example.com`;
    const admin = await accountWithScorecards(env.api, env.database.db, email, [smallScorecard()]);
    const docId = admin.scorecardIds[0]!;
    const expert = await teammate(env.api, env.database.db, admin.accountId, `log-expert-${Date.now()}@example.com`, "expert");
    await env.api.call("/login", jsonInit("POST", { email, contraseña: "not the password" }));
    await env.api.call("/login", {
      ...jsonInit("POST", { email, contraseña: admin.password }),
      headers: { "Content-Type": "application/json", "X-Gauge-Client": "dashboard" },
    });
    await env.api.call(`/api/users/${expert.userId}`, jsonInit("PATCH", { role: "viewer" }, admin.auth));
    const key = await (await env.api.call("/api/api-keys", jsonInit("POST", { name: "ERP export" }, admin.auth))).json();
    await env.api.call(`/api/document/${docId}/sharing`, jsonInit("PUT", { account: "read" }, { Token: key.key }));
    await env.api.call("/api/webhooks", jsonInit("POST", { name: "Ops", url: "https://93.184.216.34/hook" }, admin.auth));
    await env.api.call(`/api/report/${docId}/excel`, { headers: admin.auth });
    await env.api.call(`/api/document/${docId}/lock`, jsonInit("PUT", { lockedUntil: "2025-12-31" }, admin.auth));
    await env.api.call(`/api/documents/list/${docId}`, { method: "DELETE", headers: admin.auth });
    // A refused call changes nothing and is not logged.
    await env.api.call(`/api/users/${expert.userId}`, jsonInit("PATCH", { role: "boss" }, admin.auth));

    const log = await (await env.api.call("/api/activity", { headers: admin.auth })).json();
    const lines = log.items.map((e: { kind: string; action: string; via: string; apiKey: string | null; details: object; scorecardId: number | null }) => [
      e.kind,
      e.action,
      e.via,
      e.apiKey,
      e.scorecardId,
    ]);
    expect(lines).toEqual(
      [
        ["scorecards", "deleted a scorecard", "api", null, docId],
        ["locks", "locked or unlocked periods", "api", null, docId],
        ["exports", "exported an Excel report", "api", null, docId],
        ["webhooks", "created a webhook", "api", null, null],
        ["sharing", "changed a scorecard's sharing", "api", "ERP export", docId],
        ["api-keys", "created an API key", "api", null, null],
        ["people", "changed a person's role or status", "api", null, null],
        ["sign-in", "logged in", "dashboard", null, null],
        ["sign-in", "failed to log in (wrong password)", "api", null, null],
      ].concat(lines.slice(9)),
    );
    // Each entry names what it touched: the person whose role changed, the dates locked.
    expect(log.items.find((e: { kind: string }) => e.kind === "people").details).toEqual({ id: String(expert.userId), role: "viewer", person: expert.email });
    expect(log.items.find((e: { kind: string }) => e.kind === "locks").details).toEqual({ docId: String(docId), lockedUntil: "2025-12-31" });
    expect(JSON.stringify(log)).not.toContain(key.key);

    // Filters and pages.
    const signIns = await (await env.api.call("/api/activity?kind=sign-in", { headers: admin.auth })).json();
    expect(signIns.items.map((e: { action: string }) => e.action)).toEqual([
      "logged in",
      "failed to log in (wrong password)",
      ...signIns.items.slice(2).map((e: { action: string }) => e.action),
    ]);
    expect((await (await env.api.call(`/api/activity?scorecard=${docId}`, { headers: admin.auth })).json()).items).toHaveLength(4);
    const first = await (await env.api.call("/api/activity?limit=2", { headers: admin.auth })).json();
    expect(first.items).toHaveLength(2);
    const second = await (await env.api.call(`/api/activity?limit=2&before=${first.next}`, { headers: admin.auth })).json();
    expect(second.items[0].id).toBeLessThan(first.items[1].id);
    const today = env.api.clock.current.toISOString().slice(0, 10);
    expect((await (await env.api.call(`/api/activity?from=${today}&to=${today}`, { headers: admin.auth })).json()).items.length).toBe(log.items.length);
    expect((await (await env.api.call("/api/activity?to=2000-01-01", { headers: admin.auth })).json()).items).toEqual([]);
    // The last day a date may name: every event is before its end, in the list and the export.
    expect((await (await env.api.call("/api/activity?from=0001-01-01&to=9999-12-31", { headers: admin.auth })).json()).items.length).toBe(log.items.length);
    const exported = await env.api.call("/api/activity/export?to=9999-12-31", { headers: admin.auth });
    expect(exported.status).toBe(200);
    expect((await exported.text()).trim().split("\r\n")).toHaveLength(log.items.length + 1);

    // CSV, the same events.
    const csv = await env.api.call("/api/activity/export?kind=locks", { headers: admin.auth });
    expect(csv.headers.get("Content-Type")).toMatch(/^text\/csv/);
    const rows = (await csv.text()).trim().split("\r\n");
    expect(rows[0]).toBe("id,at,email,api_key,via,kind,action,scorecard_id,details");
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(`,api,locks,locked or unlocked periods,${docId},`);
  });

  it("is the admins' alone, the account's alone, and cannot be changed", async () => {
    const admin = await accountWithScorecards(env.api, env.database.db, `log-owner-${Date.now()}@example.com`);
    const viewer = await teammate(env.api, env.database.db, admin.accountId, `log-viewer-${Date.now()}@example.com`, "viewer");
    const expert = await teammate(env.api, env.database.db, admin.accountId, `log-expert2-${Date.now()}@example.com`, "expert");
    for (const who of [viewer, expert]) expect((await env.api.call("/api/activity", { headers: who.auth })).status).toBe(403);
    const other = await accountWithScorecards(env.api, env.database.db, `log-other-${Date.now()}@example.com`);
    await env.api.call("/api/api-keys", jsonInit("POST", { name: "Theirs" }, other.auth));
    const mine = await (await env.api.call("/api/activity", { headers: admin.auth })).json();
    expect(mine.items.some((e: { details: { name?: string } }) => e.details.name === "Theirs")).toBe(false);
    const first = mine.items[0]?.id ?? 1;
    for (const method of ["PUT", "PATCH", "DELETE"]) expect((await env.api.call(`/api/activity/${first}`, { method, headers: admin.auth })).status).toBe(404);
  });
});
