import "server-only";
import type { Status } from "@/lib/contract/kpis";
import type { alerts, kpis } from "@/lib/db/schema";
import { SCORING_DEFAULTS } from "@/lib/contract/constants";
import type { Locale } from "@/lib/i18n/locales";
import { formatsFor, translatorFor } from "@/lib/i18n/server";
import type { Message } from "./message";
import type { Translations } from "@/lib/contract/translations";
import { localized } from "@/lib/i18n/localized";

export const kpiLink = (dashboardUrl: string, scorecardId: number, kpiGuid: string) => `${dashboardUrl}/s/${scorecardId}?kpi=${kpiGuid}`;

interface Fired {
  alert: typeof alerts.$inferSelect;
  scorecard: { id: number; name: string; translations: Translations | null };
  kpi: typeof kpis.$inferSelect;
  date: string;
  value: number;
  target: number | null;
  score: number | null;
  status: string;
  dashboardUrl: string;
}

/** The alert's message in `locale`: English for webhooks (a channel has no one language), the recipient's for an e-mail. */
export function alertMessage({ alert, scorecard, kpi, date, value, target, score, status, dashboardUrl }: Fired, locale: Locale = "en"): Message {
  const [f, t] = [formatsFor(locale), translatorFor(locale, "mail")];
  const statusText = `${f.status(status as Status)}${score === null ? "" : ` (${f.score(score, { onTrack: kpi.onTrackThreshold ?? SCORING_DEFAULTS.onTrack, atRisk: kpi.atRiskThreshold ?? SCORING_DEFAULTS.atRisk })})`}`;
  const { name: kpiName, measure } = localized(kpi, locale);
  const scorecardName = localized(scorecard, locale).name;
  const shown = f.full(value, measure);
  return {
    title: t(alert.condition === "FORECAST_BELOW_TARGET" ? "alert.projected" : "alert.is", {
      alert: alert.name,
      kpi: kpiName,
      value: shown,
      date: f.date(date),
    }),
    facts: [
      [t("alert.scorecard"), scorecardName],
      [t("alert.kpi"), kpiName],
      [t("alert.value"), t("alert.valueOn", { value: shown, date: f.date(date) })],
      [t("alert.target"), f.full(target, measure)],
      [t("alert.status"), statusText],
      [t("alert.condition"), f.condition(alert.condition, alert.threshold, measure)],
    ],
    link: { label: t("alert.open", { kpi: kpiName }), url: kpiLink(dashboardUrl, scorecard.id, kpi.guid) },
  };
}
