"use client";

import { Button } from "@/components/ui/button";
import { BffError } from "@/lib/queries";
import { CallLimitMessage } from "@/components/layout/call-limit-message";

export default function DashboardError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  if (error instanceof BffError && error.status === 429) {
    return <CallLimitMessage retryAfterSeconds={error.retryAfterSeconds} action={<Button className="mt-4" onClick={reset}>Try again</Button>} />;
  }
  return (
    <div role="alert" className="mx-auto max-w-lg rounded-lg border border-red-200 bg-red-50 p-6 dark:border-red-900 dark:bg-red-950">
      <h2 className="text-lg font-semibold text-red-900 dark:text-red-100">This page could not be loaded</h2>
      <p className="mt-2 text-sm text-red-800 dark:text-red-200">{error.message || "Something went wrong."}</p>
      <Button className="mt-4" onClick={reset}>
        Try again
      </Button>
    </div>
  );
}
