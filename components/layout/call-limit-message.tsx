import type { ReactNode } from "react";
import { NoticePanel } from "@/components/ui/notice";

/** What the dashboard says when the account's hourly calls are used up. */
export function CallLimitMessage({ retryAfterSeconds, action }: { retryAfterSeconds: number | null; action?: ReactNode }) {
  const minutes = Math.max(1, Math.ceil((retryAfterSeconds ?? 60) / 60));
  return (
    <NoticePanel tone="warning" title="This hour's API calls are used up" action={action}>
      Your account may make a limited number of API calls an hour, and this page needs one more. Try again in about {minutes} minute
      {minutes === 1 ? "" : "s"}; nothing you saved is lost.
    </NoticePanel>
  );
}
