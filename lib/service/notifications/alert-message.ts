import "server-only";
import type { Status } from "@/lib/contract/kpis";
import type { alerts, kpis } from "@/lib/db/schema";
import { SCORING_DEFAULTS } from "@/lib/contract/constants";
import { conditionText, formatScore, fullValue, STATUS_LABEL } from "@/lib/format";
import type { Message } from "./message";

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
  const statusText = `${STATUS_LABEL[status as Status] ?? status}${score === null ? "" : ` (${formatScore(score, { onTrack: kpi.onTrackThreshold ?? SCORING_DEFAULTS.onTrack, atRisk: kpi.atRiskThreshold ?? SCORING_DEFAULTS.atRisk })})`}`;
  return {
    title: alert.condition === "FORECAST_BELOW_TARGET" ? `${alert.name}: ${kpi.name} is projected at ${fullValue(value, kpi.measure)} for the period of ${date}` : `${alert.name}: ${kpi.name} is ${fullValue(value, kpi.measure)}`,
    facts: [
      ["Scorecard", scorecard.name],
      ["KPI", kpi.name],
      ["Value", `${fullValue(value, kpi.measure)} on ${date}`],
      ["Target", fullValue(target, kpi.measure)],
      ["Status", statusText],
      ["Condition", conditionText(alert.condition, alert.threshold, kpi.measure)],
    ],
    link: { label: `Open ${kpi.name} in Gauge`, url: kpiLink(dashboardUrl, scorecard.id, kpi.guid) },
  };
}
