import type { ReactNode } from "react";
import { NoticePanel } from "@/components/ui/notice";
import { formatTime } from "@/lib/format";

/**
 * What a page says at the call limit when none of its figures were ever read (a page read before
 * shows its last figures under StaleNotice instead): that, and when they can be read.
 */
export function CallLimitMessage({ retryAfterSeconds, action }: { retryAfterSeconds: number | null; action?: ReactNode }) {
  const seconds = retryAfterSeconds ?? 60;
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  const at = formatTime(new Date(Date.now() + seconds * 1000).toISOString());
  return (
    <NoticePanel tone="warning" title="This hour's API calls are used up" action={action}>
      This page has not been read before, so there are no figures to show yet. Your account&apos;s API calls for this hour are
      used up; they can be read again at {at} (in about {minutes} minute{minutes === 1 ? "" : "s"}). Pages you opened before
      still show their last figures, and nothing you saved is lost.
    </NoticePanel>
  );
}
