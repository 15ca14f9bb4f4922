import type { StaleInfo } from "@/lib/bff/kpi-client";
import { Notice } from "@/components/ui/notice";
import { useTranslations } from "next-intl";
import { useFormats } from "@/lib/i18n/use-formats";

/**
 * Shown above a page served from the cache at the call limit: its figures changed since they were
 * read (unchanged ones are confirmed for free and need no notice), so it says as of when.
 */
export function StaleNotice({ reads }: { reads: StaleInfo[] }) {
  const asOf = reads.map((r) => r.asOf).sort()[0]!;
  const t = useTranslations("layout.stale");
  const f = useFormats();
  const liveAt = reads
    .map((r) => r.liveAgainAt)
    .filter((t): t is string => t !== null)
    .sort()
    .at(-1);
  return (
    <Notice tone="warning" className="mb-4">
      {liveAt ? t("asOfLiveAt", { asOf: f.time(asOf), liveAt: f.time(liveAt) }) : t("asOf", { asOf: f.time(asOf) })} {t("server")}
    </Notice>
  );
}
