import type { StaleInfo } from "@/lib/bff/kpi-client";
import { Notice } from "@/components/ui/notice";
import { formatTime } from "@/lib/format";


/** Shown above a page served from the cache because the account's hourly calls are used up. */
export function StaleNotice({ reads }: { reads: StaleInfo[] }) {
  const asOf = reads.map((r) => r.asOf).sort()[0]!;
  const liveAt = reads.map((r) => r.liveAgainAt).filter((t): t is string => t !== null).sort().at(-1);
  return (
    <Notice tone="warning" className="mb-4">
      Figures as of {formatTime(asOf)}{liveAt ? ` - live again at ${formatTime(liveAt)}` : ""}. This hour&apos;s API calls are used up, so the page shows
      the last data read; saving waits until then.
    </Notice>
  );
}
