import { useTranslations } from "next-intl";
import { PageLink } from "@/components/ui/page-link";
import type { FeedingConnector } from "@/lib/contract/kpis";
import { useFormats } from "@/lib/i18n/use-formats";

/**
 * "Fed by ERP revenue, last wrote 27 Nov 2026, 06:00: 12 values", for a KPI connectors feed. From
 * the scorecard's tree, read anyway: it costs no call of its own.
 */
export function FedBy({ connectors }: { connectors: FeedingConnector[] }) {
  const fmt = useFormats();
  const t = useTranslations("connectors.fedBy");
  if (connectors.length === 0) return null;
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="fed-by">
      {connectors.map((c, i) => (
        <span key={c.id}>
          {i > 0 && "; "}
          {t.rich("by", {
            name: c.name,
            link: (chunks) => (
              <PageLink href="/connectors" className="text-blue-700 underline dark:text-blue-400">
                {chunks}
              </PageLink>
            ),
          })}
          {c.lastWrittenAt ? t("lastWrote", { when: fmt.dateTime(c.lastWrittenAt), count: c.lastWritten ?? 0 }) : t("nothing")}
        </span>
      ))}
    </p>
  );
}
