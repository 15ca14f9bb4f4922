import { useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useCallback } from "react";
import type { Connector, ConnectorRun } from "@/lib/contract/connectors";
import type { Formats } from "@/lib/format";
import type { Locale } from "@/lib/i18n/locales";

/**
 * cronstrue's words for each language but English (the API's own description is English): loaded
 * only when a schedule is shown in that language. A language without an entry does not build.
 */
const CRON_WORDS: Record<Exclude<Locale, "en">, () => Promise<unknown>> = { es: () => import("cronstrue/locales/es") };

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** "Runs at 06:00, Monday through Friday (Europe/Madrid time)", in the reader's language; the cron expression until its words load. */
export function useScheduleWords(schedule: NonNullable<Connector["schedule"]>): string {
  const locale = useLocale() as Locale;
  const t = useTranslations("connectors.list");
  const { data: words } = useQuery({
    queryKey: ["schedule-words", locale, schedule.cron],
    enabled: locale !== "en",
    staleTime: Infinity,
    queryFn: async () => {
      if (locale === "en") return schedule.description;
      const [{ default: cronstrue }] = await Promise.all([import("cronstrue"), CRON_WORDS[locale]()]);
      return cronstrue.toString(schedule.cron, { locale, use24HourTimeFormat: true, verbose: false });
    },
  });
  if (locale === "en") return t("runs", { schedule: lowerFirst(schedule.description) });
  return words
    ? t("runsIn", { schedule: lowerFirst(words), timeZone: schedule.timeZone })
    : t("runsCron", { cron: schedule.cron, timeZone: schedule.timeZone });
}

/** "12 values written, 1 unchanged, 2 rows rejected", in the reader's words. */
export function useRunFigures(): (run: ConnectorRun) => string {
  const t = useTranslations("connectors.figures");
  return useCallback(
    (run: ConnectorRun) => {
      if (run.status === "failed") return t("failed", { error: run.error ?? "" });
      const parts = [t("written", { count: run.valuesWritten })];
      if (run.valuesUnchanged) parts.push(t("unchanged", { count: run.valuesUnchanged }));
      if (run.rowsRejected) parts.push(t("rejected", { count: run.rowsRejected }));
      return parts.join(", ");
    },
    [t],
  );
}

export const runWhen = (run: ConnectorRun, fmt: Formats) => fmt.dateTime(run.startedAt);
