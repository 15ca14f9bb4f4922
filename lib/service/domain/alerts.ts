import "server-only";
import { and, eq } from "drizzle-orm";
import type { Alert, CreateAlert, UpdateAlert } from "@/lib/contract/alerts";
import type { ErrorDetail } from "@/lib/contract/common";
import { alerts, webhooks } from "@/lib/db/schema";
import type { Ctx } from "../context";
import { invalidRequest, notFound } from "../errors";
import { assertScorecard, scorecardKpis } from "./scorecards";

const toAlert = (row: typeof alerts.$inferSelect): Alert => ({
  id: row.id,
  name: row.name,
  kpiGuid: row.kpiGuid,
  condition: row.condition,
  threshold: row.threshold,
  webhookId: row.webhookId,
  active: row.active,
});

type DocRef = { docId: number };
type AlertRef = { docId: number; id: number };

export async function listAlerts(ctx: Ctx, { docId }: DocRef): Promise<Alert[]> {
  await assertScorecard(ctx, docId);
  const rows = await ctx.deps.db.select().from(alerts).where(eq(alerts.scorecardId, docId)).orderBy(alerts.id);
  return rows.map(toAlert);
}

/** The KPI must be one of the scorecard's and the webhook one of the account's (400 otherwise). */
async function checkReferences(ctx: Ctx, docId: number, input: { kpiGuid?: string; webhookId?: number }) {
  const { deps, caller } = ctx;
  const details: ErrorDetail[] = [];
  if (input.kpiGuid !== undefined && !(await scorecardKpis(ctx, docId)).some((k) => k.guid === input.kpiGuid)) {
    details.push({ path: "kpiGuid", message: "No such KPI in this scorecard" });
  }
  if (input.webhookId !== undefined) {
    const [hook] = await deps.db.select({ id: webhooks.id }).from(webhooks).where(and(eq(webhooks.id, input.webhookId), eq(webhooks.accountId, caller.accountId)));
    if (!hook) details.push({ path: "webhookId", message: "No such webhook" });
  }
  if (details.length) throw invalidRequest("The alert refers to something that does not exist", details);
}

export async function createAlert(ctx: Ctx, { docId, input }: DocRef & { input: CreateAlert }): Promise<Alert> {
  await assertScorecard(ctx, docId, "write");
  await checkReferences(ctx, docId, input);
  const [row] = await ctx.deps.db
    .insert(alerts)
    .values({ scorecardId: docId, ...input, threshold: input.condition === "VALUE_CHANGED" ? null : input.threshold })
    .returning();
  return toAlert(row!);
}

/** An alert of a scorecard the caller may write. */
async function ownAlert(ctx: Ctx, { docId, id }: AlertRef) {
  await assertScorecard(ctx, docId, "write");
  const [row] = id > 2_147_483_647 ? [] : await ctx.deps.db.select().from(alerts).where(and(eq(alerts.id, id), eq(alerts.scorecardId, docId)));
  if (!row) throw notFound("Alert");
  return row;
}

export async function updateAlert(ctx: Ctx, { docId, id, input }: AlertRef & { input: UpdateAlert }): Promise<Alert> {
  const current = await ownAlert(ctx, { docId, id });
  await checkReferences(ctx, docId, input);
  const next = { ...current, ...input };
  if (next.condition !== "VALUE_CHANGED" && (next.threshold === null || next.threshold === undefined)) {
    throw invalidRequest("This condition needs a threshold", [{ path: "threshold", message: "This condition needs a threshold" }]);
  }
  // A changed condition starts from "not holding", so it fires as soon as it holds.
  const reset = input.condition !== undefined || input.threshold !== undefined || input.kpiGuid !== undefined || input.active === true;
  const [row] = await ctx.deps.db
    .update(alerts)
    .set({ ...input, threshold: next.condition === "VALUE_CHANGED" ? null : next.threshold, ...(reset ? { lastState: false } : {}) })
    .where(eq(alerts.id, id))
    .returning();
  return toAlert(row!);
}

export async function deleteAlert(ctx: Ctx, ref: AlertRef): Promise<void> {
  await ownAlert(ctx, ref);
  await ctx.deps.db.delete(alerts).where(eq(alerts.id, ref.id));
}
