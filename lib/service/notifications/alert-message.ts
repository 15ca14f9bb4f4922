import "server-only";
import type { Status } from "@/lib/contract/kpis";
import type { alerts, kpis } from "@/lib/db/schema";
import { SCORING_DEFAULTS } from "@/lib/contract/constants";
import { formatsFor } from "@/lib/i18n/server";
import type { Message } from "./message";

// English until recipients' languages reach these messages.
const f = formatsFor("en");

export const kpiLink = (dashboardUrl: string, scorecardId: number, kpiGuid: string) => `${dashboardUrl}/s/${scorecardId}?kpi=${kpiGuid}`;

interface Fired {
  alert: typeof alerts.$inferSelect;
  scorecard: { id: number; name: string };
  kpi: typeof kpis.$inferSelect;
  date: string;
  value: number;
  target: number | null;
  score: number | null;
  status: string;
  dashboardUrl: string;
}

export function alertMessage({ alert, scorecard, kpi, date, value, target, score, status, dashboardUrl }: Fired): Message {
  const statusText = `${f.status(status as Status) ?? status}${score === null ? "" : ` (${f.score(score, { onTrack: kpi.onTrackThreshold ?? SCORING_DEFAULTS.onTrack, atRisk: kpi.atRiskThreshold ?? SCORING_DEFAULTS.atRisk })})`}`;
  return {
    title: alert.condition === "FORECAST_BELOW_TARGET" ? `${alert.name}: ${kpi.name} is projected at ${f.full(value, kpi.measure)} for the period of ${date}` : `${alert.name}: ${kpi.name} is ${f.full(value, kpi.measure)}`,
    facts: [
      ["Scorecard", scorecard.name],
      ["KPI", kpi.name],
      ["Value", `${f.full(value, kpi.measure)} on ${date}`],
      ["Target", f.full(target, kpi.measure)],
      ["Status", statusText],
      ["Condition", f.condition(alert.condition, alert.threshold, kpi.measure)],
    ],
    link: { label: `Open ${kpi.name} in Gauge`, url: kpiLink(dashboardUrl, scorecard.id, kpi.guid) },
  };
}
