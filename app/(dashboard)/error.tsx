"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { NoticePanel } from "@/components/ui/notice";
import { CallLimitMessage } from "@/components/layout/call-limit-message";
import { PageLink } from "@/components/ui/page-link";
import { ApiCallError } from "@/lib/bff/http";

/** What went wrong, in words a person can act on: never an error's raw text or stack (message keys under pages.error). */
function explain(error: Error) {
  if (error instanceof ApiCallError && error.status === 403) return { title: "error.roleTitle", text: "error.roleText" } as const;
  if (error instanceof ApiCallError && error.status === 404) return { title: "notFound.nothing", text: "error.notFoundText" } as const;
  if (error instanceof ApiCallError && error.status === 401) return { title: "error.sessionTitle", text: "error.sessionText" } as const;
  return { title: "error.failedTitle", text: "error.failedText" } as const;
}

export default function DashboardError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("pages");
  const retry = <Button onClick={reset}>{t("error.retry")}</Button>;
  const back = (
    <PageLink href="/" className="text-sm font-medium text-blue-700 hover:underline dark:text-blue-400">
      {t("notFound.back")}
    </PageLink>
  );
  if (error instanceof ApiCallError && error.status === 429)
    return <CallLimitMessage retryAfterSeconds={error.retryAfterSeconds} action={<div className="mt-4">{retry}</div>} />;
  const { title, text } = explain(error);
  return (
    <NoticePanel
      tone="error"
      heading="h1"
      title={t(title)}
      action={
        <div className="mt-4 flex items-center gap-4">
          {retry}
          {back}
        </div>
      }
    >
      {t(text)}
    </NoticePanel>
  );
}
