import type { StaleInfo } from "@/lib/bff/kpi-client";
import { Notice } from "@/components/ui/notice";
import { formatTime } from "@/lib/format";

/**
 * Shown above a page served from the cache at the call limit: its figures changed since they were
 * read (unchanged ones are confirmed for free and need no notice), so it says as of when.
 */
export function StaleNotice({ reads }: { reads: StaleInfo[] }) {
  const asOf = reads.map((r) => r.asOf).sort()[0]!;
  const liveAt = reads.map((r) => r.liveAgainAt).filter((t): t is string => t !== null).sort().at(-1);
  return (
    <Notice tone="warning" className="mb-4">
      Figures as of {formatTime(asOf)}{liveAt ? ` - live again at ${formatTime(liveAt)}` : ""}. They have changed since, and this
      hour&apos;s API calls are used up, so the page shows the last figures read; saving waits until then.
    </Notice>
  );
}
