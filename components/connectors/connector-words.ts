import { useTranslations } from "next-intl";
import { useCallback } from "react";
import type { ConnectorRun } from "@/lib/contract/connectors";
import type { Formats } from "@/lib/format";

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
