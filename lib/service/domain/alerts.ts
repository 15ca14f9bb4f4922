import "server-only";
import { and, eq } from "drizzle-orm";
import type { Alert, CreateAlert, UpdateAlert } from "@/lib/contract/alerts";
import type { ErrorDetail } from "@/lib/contract/common";
import { alerts, webhooks } from "@/lib/db/schema";
import type { Deps } from "../context";
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

export async function listAlerts(deps: Deps, accountId: number, docId: number): Promise<Alert[]> {
  await assertScorecard(deps, accountId, docId);
  const rows = await deps.db.select().from(alerts).where(eq(alerts.scorecardId, docId)).orderBy(alerts.id);
  return rows.map(toAlert);
}

/** The KPI must be one of the scorecard's and the webhook one of the account's (400 otherwise). */
async function checkReferences(deps: Deps, accountId: number, docId: number, input: { kpiGuid?: string; webhookId?: number }) {
  const details: ErrorDetail[] = [];
  if (input.kpiGuid !== undefined && !(await scorecardKpis(deps, accountId, docId)).some((k) => k.guid === input.kpiGuid)) {
    details.push({ path: "kpiGuid", message: "No such KPI in this scorecard" });
  }
  if (input.webhookId !== undefined) {
    const [hook] = await deps.db.select({ id: webhooks.id }).from(webhooks).where(and(eq(webhooks.id, input.webhookId), eq(webhooks.accountId, accountId)));
    if (!hook) details.push({ path: "webhookId", message: "No such webhook" });
  }
  if (details.length) throw invalidRequest("The alert refers to something that does not exist", details);
}

export async function createAlert(deps: Deps, accountId: number, docId: number, input: CreateAlert): Promise<Alert> {
  await assertScorecard(deps, accountId, docId);
  await checkReferences(deps, accountId, docId, input);
  const [row] = await deps.db
    .insert(alerts)
    .values({ scorecardId: docId, ...input, threshold: input.condition === "VALUE_CHANGED" ? null : input.threshold })
    .returning();
  return toAlert(row!);
}

async function ownAlert(deps: Deps, accountId: number, docId: number, id: number) {
  await assertScorecard(deps, accountId, docId);
  const [row] = id > 2_147_483_647 ? [] : await deps.db.select().from(alerts).where(and(eq(alerts.id, id), eq(alerts.scorecardId, docId)));
  if (!row) throw notFound("Alert");
  return row;
}

export async function updateAlert(deps: Deps, accountId: number, docId: number, id: number, input: UpdateAlert): Promise<Alert> {
  const current = await ownAlert(deps, accountId, docId, id);
  await checkReferences(deps, accountId, docId, input);
  const next = { ...current, ...input };
  if (next.condition !== "VALUE_CHANGED" && (next.threshold === null || next.threshold === undefined)) {
    throw invalidRequest("This condition needs a threshold", [{ path: "threshold", message: "This condition needs a threshold" }]);
  }
  // A changed condition starts from "not holding", so it fires as soon as it holds.
  const reset = input.condition !== undefined || input.threshold !== undefined || input.kpiGuid !== undefined || input.active === true;
  const [row] = await deps.db
    .update(alerts)
    .set({ ...input, threshold: next.condition === "VALUE_CHANGED" ? null : next.threshold, ...(reset ? { lastState: false } : {}) })
    .where(eq(alerts.id, id))
    .returning();
  return toAlert(row!);
}

export async function deleteAlert(deps: Deps, accountId: number, docId: number, id: number): Promise<void> {
  await ownAlert(deps, accountId, docId, id);
  await deps.db.delete(alerts).where(eq(alerts.id, id));
}
