"use client";

import { Button } from "@/components/ui/button";
import { NoticePanel } from "@/components/ui/notice";
import { CallLimitMessage } from "@/components/layout/call-limit-message";
import { ApiCallError } from "@/lib/bff/http";

export default function DashboardError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const retry = <Button className="mt-4" onClick={reset}>Try again</Button>;
  if (error instanceof ApiCallError && error.status === 429) return <CallLimitMessage retryAfterSeconds={error.retryAfterSeconds} action={retry} />;
  return (
    <NoticePanel tone="error" title="This page could not be loaded" action={retry}>
      {error.message || "Something went wrong."}
    </NoticePanel>
  );
}
