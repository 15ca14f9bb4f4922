import "server-only";
import type { DocumentCheck } from "@/lib/contract/alerts";
import type { Ctx } from "./context";
import { requireAccess } from "./domain/access";
import { checkScorecardAlerts } from "./domain/alert-evaluation";
import { checkForecastAlerts } from "./forecast/alerts";

/** The vendor's document check: runs the scorecard's alerts now, those on its forecasts too. */
export async function checkDocument(ctx: Ctx, { docId }: { docId: number }): Promise<DocumentCheck> {
  await requireAccess(ctx, docId, "write");
  const now = ctx.deps.now();
  const onValues = await ctx.deps.db.transaction((tx) => checkScorecardAlerts(tx, docId, now, ctx.deps.config.dashboardUrl));
  const onForecasts = await checkForecastAlerts(ctx.deps, docId);
  const fired = [...onValues.fired, ...onForecasts.fired] as DocumentCheck["fired"];
  return { checkedAt: now.toISOString(), checkedAlerts: onValues.checked + onForecasts.checked, fired };
}
