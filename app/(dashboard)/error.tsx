"use client";

import Link from "next/link";
import { Button } from "@/components/ui/button";
import { NoticePanel } from "@/components/ui/notice";
import { CallLimitMessage } from "@/components/layout/call-limit-message";
import { ApiCallError } from "@/lib/bff/http";

const back = (
  <Link href="/" className="text-sm font-medium text-blue-700 hover:underline dark:text-blue-400">
    Back to your scorecards
  </Link>
);

/** What went wrong, in words a person can act on: never an error's raw text or stack. */
function explain(error: Error): { title: string; text: string } {
  if (error instanceof ApiCallError && error.status === 403) return { title: "Your role does not allow this", text: "Ask an admin of your account if you need to use this page." };
  if (error instanceof ApiCallError && error.status === 404) return { title: "Nothing here", text: "This scorecard does not exist, or it is not shared with you." };
  if (error instanceof ApiCallError && error.status === 401) return { title: "Your session has ended", text: "Log in again to go on." };
  return { title: "This page could not be loaded", text: "Something went wrong on our side. Try again; if it keeps happening, tell your admin the time it happened." };
}

export default function DashboardError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const retry = <Button onClick={reset}>Try again</Button>;
  if (error instanceof ApiCallError && error.status === 429) return <CallLimitMessage retryAfterSeconds={error.retryAfterSeconds} action={<div className="mt-4">{retry}</div>} />;
  const { title, text } = explain(error);
  return (
    <NoticePanel tone="error" heading="h1" title={title} action={<div className="mt-4 flex items-center gap-4">{retry}{back}</div>}>
      {text}
    </NoticePanel>
  );
}
