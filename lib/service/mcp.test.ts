import { describe, expect, it } from "vitest";
import {
  ChangePage,
  Explanation,
  Forecasts,
  GroupedSeries,
  KpiRevisions,
  PreviewedValues,
  Reverted,
  ScorecardKpis,
  ScorecardSummaries,
  WhatIfOutcome,
  WrittenValues,
} from "@/lib/contract/mcp";
import { accountWithScorecards, jsonInit, teammate } from "@/lib/testing/api";
import { testDatabases } from "@/lib/testing/databases";
import { mcpSuite } from "@/lib/testing/mcp-suite";

describe.each(testDatabases)("the MCP server's tools, driven by the SDK's own client over HTTP, on $name", ({ open }) => {
  const s = mcpSuite(open);
  const { keyOf, connect, call } = s;

  it("reads scorecards, KPIs with their latest status, records and grouped values, each answer valid against its output schema", async () => {
    const client = await connect(await keyOf(s.owner.auth, { name: "Reader", scope: "read" }));
    const docId = s.owner.scorecardIds[0]!;
    await s.api.call(
      `/api/document/${docId}/kpi/batch/set-values`,
      jsonInit(
        "POST",
        {
          items: [
            { guid: s.guids.Sales, date: "2026-01-01", value: 50 },
            { guid: s.guids.Sales, date: "2026-02-01", value: 90 },
          ],
        },
        s.owner.auth,
      ),
    );
    const list = await call(client, "list_scorecards");
    expect(ScorecardSummaries.parse(list.structuredContent)).toEqual({
      scorecards: [{ id: docId, name: "Team scorecard", description: "A small scorecard for tests", kpiCount: 6, access: "write" }],
    });
    const card = ScorecardKpis.parse((await call(client, "get_scorecard", { scorecardId: docId })).structuredContent);
    expect(card.kpis.map((k) => [k.name, k.depth, k.kind])).toEqual([
      ["Team scorecard", 0, "CONTAINER"],
      ["Customer", 1, "CONTAINER"],
      ["Sales", 2, "INDICATOR"],
      ["Costs", 2, "INDICATOR"],
      ["Margin", 2, "CALCULATED"],
      ["Audit passed", 1, "INDICATOR"],
    ]);
    expect(card.kpis.find((k) => k.name === "Sales")!.latest).toMatchObject({ start: "2026-02-01", value: 90, target: 80, status: "ON_TRACK" });
    expect(card.kpis.find((k) => k.name === "Audit passed")!.latest).toBeNull();

    const found = await call(client, "find_kpis", { query: "sal" });
    expect(found.structuredContent).toEqual({
      kpis: [{ scorecardId: docId, scorecardName: "Team scorecard", guid: s.guids.Sales, name: "Sales", alias: null }],
    });
    const records = await call(client, "read_values", { scorecardId: docId, kpiGuid: s.guids.Sales, from: "2026-02-01" });
    expect(records.structuredContent).toMatchObject({ records: [{ date: "2026-02-01", value: 90 }] });
    const grouped = GroupedSeries.parse(
      (await call(client, "read_grouped", { scorecardId: docId, period: "QUARTER", from: "2026-01-01", to: "2026-03-31" })).structuredContent,
    );
    expect(grouped.items.find((series) => series.guid === s.guids.Sales)!.points[0]).toMatchObject({ start: "2026-01-01", value: 140 });
    // Why Sales is green in February, and what makes its container's colour.
    const sales = Explanation.parse(
      (await call(client, "explain_status", { scorecardId: docId, kpiGuid: s.guids.Sales, date: "2026-02-15" })).structuredContent,
    );
    expect(sales).toMatchObject({ period: { start: "2026-02-01", end: "2026-02-28" }, value: 90, target: 80, status: "ON_TRACK", children: [] });
    expect(sales.because).toMatch(/^ON_TRACK: its score 1\.00 is at least 1$/);
    const customer = Explanation.parse(
      (await call(client, "explain_status", { scorecardId: docId, kpiGuid: s.guids.Customer, date: "2026-02-15" })).structuredContent,
    );
    expect(customer.kpi.kind).toBe("CONTAINER");
    expect(customer.children.map((c) => c.name)).toEqual(["Sales", "Costs", "Margin"]);
    expect(customer.children.find((c) => c.name === "Sales")).toMatchObject({ score: 1, status: "ON_TRACK", weight: 1 });
    // The content a client without structured output reads is the same answer.
    expect(JSON.parse(records.content[0]!.text)).toEqual(records.structuredContent);
  });

  it("previews a write exactly as it then writes it, traces it through mcp with the key's name, and reverts it", async () => {
    const client = await connect(await keyOf(s.owner.auth, { name: "Month-end agent" }));
    const docId = s.owner.scorecardIds[0]!;
    const items = [
      { guid: s.guids.Costs, date: "2026-03-01", value: 40 },
      { guid: s.guids.Sales, date: "2026-02-01", value: 90 },
      { guid: s.guids.Sales, date: "2026-03-01", value: 70, target: 85 },
    ];
    const preview = PreviewedValues.parse((await call(client, "preview_values", { scorecardId: docId, items })).structuredContent);
    expect(preview).toMatchObject({ wouldWrite: 2, new: 2, changed: 0, unchanged: 1 });
    expect((await call(client, "read_values", { scorecardId: docId, kpiGuid: s.guids.Costs })).structuredContent).toEqual({ records: [] });

    const written = WrittenValues.parse((await call(client, "write_values", { scorecardId: docId, items })).structuredContent);
    expect(written.values).toEqual(preview.items.map((i) => ({ guid: i.guid, ...i.after })));
    const changes = ChangePage.parse((await call(client, "list_changes", { scorecardId: docId, limit: 1 })).structuredContent);
    expect(changes.items[0]).toMatchObject({ id: written.changeId, by: { via: "mcp", apiKey: "Month-end agent", email: "assistant@example.com" } });

    const dry = Reverted.parse((await call(client, "revert_change", { scorecardId: docId, changeId: written.changeId })).structuredContent);
    expect(dry).toMatchObject({ dryRun: true });
    expect((await call(client, "read_values", { scorecardId: docId, kpiGuid: s.guids.Costs })).structuredContent).toMatchObject({ records: [{ value: 40 }] });
    await call(client, "revert_change", { scorecardId: docId, changeId: written.changeId, dryRun: false });
    expect((await call(client, "read_values", { scorecardId: docId, kpiGuid: s.guids.Costs })).structuredContent).toEqual({ records: [] });
  });

  it("looks back through a KPI's revisions and ahead through its forecast and a what-if, and notes why a number moved", async () => {
    const docId = s.owner.scorecardIds[0]!;
    const client = await connect(await keyOf(s.owner.auth, { name: "Analyst" }));
    await call(client, "write_values", {
      scorecardId: docId,
      items: [
        { guid: s.guids.Sales, date: "2025-11-01", value: 30 },
        { guid: s.guids.Sales, date: "2025-12-01", value: 40 },
      ],
    });
    const history = KpiRevisions.parse((await call(client, "kpi_history", { scorecardId: docId, kpiGuid: s.guids.Sales, limit: 1 })).structuredContent);
    expect(history.items[0]).toMatchObject({ date: "2025-12-01", after: { value: 40 }, by: { via: "mcp", apiKey: "Analyst" } });
    const forecast = Forecasts.parse(
      (await call(client, "forecast", { scorecardId: docId, period: "MONTH", horizon: "2026-06-30", kpiGuids: [s.guids.Sales] })).structuredContent,
    );
    expect(forecast.items.map((i) => i.guid)).toEqual([s.guids.Sales]);
    const outcome = WhatIfOutcome.parse(
      (
        await call(client, "what_if", {
          scorecardId: docId,
          period: "MONTH",
          from: "2026-01-01",
          to: "2026-06-30",
          overrides: [{ guid: s.guids.Sales, date: "2026-05-01", value: 99 }],
        })
      ).structuredContent,
    );
    expect(outcome.moved).toContainEqual(expect.objectContaining({ guid: s.guids.Sales, start: "2026-05-01", whatIf: 99 }));
    expect((await call(client, "read_values", { scorecardId: docId, kpiGuid: s.guids.Sales, from: "2026-05-01", to: "2026-05-31" })).structuredContent).toEqual(
      {
        records: [],
      },
    );
    const backwards = await call(client, "what_if", { scorecardId: docId, period: "MONTH", from: "2026-06-01", to: "2026-01-01", overrides: [] });
    expect(backwards).toMatchObject({ isError: true, content: [{ text: "The what-if is not valid\n- to: to must not be before from" }] });

    const note = await call(client, "add_note", { scorecardId: docId, kpiGuid: s.guids.Sales, date: "2025-12-01", text: "A large order moved into December." });
    expect(note.structuredContent).toMatchObject({ kpiGuid: s.guids.Sales, date: "2025-12-01", text: "A large order moved into December." });
    const grouped = GroupedSeries.parse(
      (await call(client, "read_grouped", { scorecardId: docId, period: "MONTH", from: "2025-12-01", to: "2025-12-31", kpiGuids: [s.guids.Sales] }))
        .structuredContent,
    );
    expect(grouped.items[0]!.notes?.map((n) => n.text)).toEqual(["A large order moved into December."]);
  });

  it("offers each readable scorecard as a resource and two prompts that guide a review and a month's entry", async () => {
    const docId = s.owner.scorecardIds[0]!;
    const client = await connect(await keyOf(s.owner.auth, { name: "Resources", scope: "read" }));
    expect((await client.listResources()).resources.filter((r) => r.uri.startsWith("gauge:"))).toEqual([
      {
        uri: `gauge://scorecards/${docId}`,
        name: "Team scorecard",
        title: "Team scorecard",
        description: "A small scorecard for tests",
        mimeType: "application/json",
      },
    ]);
    const read = await client.readResource({ uri: `gauge://scorecards/${docId}` });
    const tree = JSON.parse(String((read.contents[0] as { text: string }).text));
    expect(tree.root.children.map((k: { name: string }) => k.name)).toEqual(["Customer", "Audit passed"]);
    await expect(client.readResource({ uri: "gauge://scorecards/999999" })).rejects.toThrow(/Scorecard not found/);
    expect((await client.listPrompts()).prompts.map((p) => p.name).sort()).toEqual(["enter_figures", "monthly_review"]);
    const review = await client.getPrompt({ name: "monthly_review", arguments: { scorecardId: String(docId), month: "2026-02" } });
    expect((review.messages[0]!.content as { text: string }).text).toMatch(new RegExp(`^Review scorecard ${docId} for 2026-02\\. Call get_scorecard`));
    await expect(client.getPrompt({ name: "enter_figures", arguments: { scorecardId: String(docId), month: "February" } })).rejects.toThrow(/YYYY-MM/);
  });

  it("refuses as the API does: another account's scorecard, an unknown KPI, a locked period, a viewer's write, a calculated KPI", async () => {
    const docId = s.owner.scorecardIds[0]!;
    const stranger = await accountWithScorecards(s.api, s.database.db, "elsewhere@example.com");
    const outsider = await connect(await keyOf(stranger.auth, { name: "Elsewhere" }));
    expect(await call(outsider, "get_scorecard", { scorecardId: docId })).toMatchObject({ isError: true, content: [{ text: "Scorecard not found" }] });
    const client = await connect(await keyOf(s.owner.auth, { name: "Checks" }));
    const unknown = await call(client, "preview_values", {
      scorecardId: docId,
      items: [{ guid: "0b6f1a52-6c8e-4c1e-9d7a-3f2b1c0d9e8f", date: "2026-04-01", value: 5 }],
    });
    expect(unknown.isError).toBe(true);
    expect(unknown.content[0]!.text).toMatch(
      /^1 item\(s\) name no KPI of this scorecard or a value outside its valid range; nothing was written\n- items\.0\.guid: /,
    );
    const calculated = await call(client, "write_values", { scorecardId: docId, items: [{ guid: s.guids.Margin, date: "2026-04-01", value: 5 }] });
    expect(calculated.content[0]!.text).toMatch(/calculated KPIs; nothing was written/);
    expect((await s.api.call(`/api/document/${docId}/lock`, jsonInit("PUT", { lockedUntil: "2026-01-31" }, s.owner.auth))).status).toBe(200);
    const locked = await call(client, "write_values", { scorecardId: docId, items: [{ guid: s.guids.Sales, date: "2026-01-01", value: 1 }] });
    expect(locked).toMatchObject({ isError: true });
    expect(locked.content[0]!.text).toMatch(/locked/);
    const viewer = await teammate(s.api, s.database.db, s.owner.accountId, "viewer@example.com", "viewer");
    await s.api.call(`/api/document/${docId}/sharing`, jsonInit("PUT", { users: [{ userId: viewer.userId, access: "read" }] }, s.owner.auth));
    const viewing = await connect(await keyOf(viewer.auth, { name: "Viewer's assistant" }));
    expect(await call(viewing, "write_values", { scorecardId: docId, items: [{ guid: s.guids.Sales, date: "2026-05-01", value: 1 }] })).toMatchObject({
      isError: true,
    });
    expect((await call(viewing, "get_scorecard", { scorecardId: docId })).isError).toBeFalsy();
    // Wrong argument types are the SDK's validation error, as a tool error.
    expect(await call(client, "get_scorecard", { scorecardId: "one" })).toMatchObject({ isError: true });
  });

  it("offers its scorecard card to assistants that render MCP Apps: named by the two tools that fill it, one HTML file that loads nothing", async () => {
    const client = await connect(await keyOf(s.owner.auth, { name: "Card reader", scope: "read" }));
    const withCard = (await client.listTools()).tools.filter((t) => t._meta?.ui).map((t) => [t.name, t._meta]);
    const uri = "ui://gauge/scorecard-card.html";
    expect(withCard).toEqual([
      ["get_scorecard", { ui: { resourceUri: uri }, "ui/resourceUri": uri }],
      ["read_grouped", { ui: { resourceUri: uri }, "ui/resourceUri": uri }],
    ]);
    expect((await client.listResources()).resources).toContainEqual(expect.objectContaining({ uri, mimeType: "text/html;profile=mcp-app" }));
    const [card] = (await client.readResource({ uri })).contents as { uri: string; mimeType: string; text: string; _meta: unknown }[];
    expect(card).toMatchObject({ uri, mimeType: "text/html;profile=mcp-app", _meta: { ui: { csp: { connectDomains: [], resourceDomains: [] } } } });
    expect(card!.text).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; [^"]*connect-src 'none'/);
    // Everything is inline: no script, style, image or frame comes from anywhere else.
    expect(card!.text).not.toMatch(/\s(src|href)=|<link|<iframe/i);
    expect(card!.text).toMatch(/\n\{\nconst App = [\w$]+;\nconst LABELS = \{"en":\{"kpi":"KPI"/);
  });
});
