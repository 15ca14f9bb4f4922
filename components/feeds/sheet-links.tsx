"use client";

import { useSuspenseQuery } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import type { CreatedFeed } from "@/lib/contract/feeds";
import { readQuery, useWrite } from "@/lib/bff/queries";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FieldError, Notice } from "@/components/ui/notice";
import { ShownOnce } from "@/components/ui/shown-once";
import { useFormats } from "@/lib/i18n/use-formats";
import { useTranslations } from "next-intl";
import { useErrorText } from "@/lib/i18n/use-error-text";
import { LocalAddressNote } from "@/components/ui/local-address-note";

const code = "rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs break-all dark:bg-slate-800";

/** Spreadsheet links of one scorecard, how to use them in Google Sheets and Excel, and the OData feed for Power BI. */
export function SheetLinks({ docId, odataUrl, email }: { docId: number; odataUrl: string; email: string }) {
  const fmt = useFormats();
  const t = useTranslations("sheets");
  const errorText = useErrorText();
  const codeTag = (chunks: ReactNode) => <code className={code}>{chunks}</code>;
  const { data } = useSuspenseQuery(readQuery("feeds", {}));
  const [created, setCreated] = useState<CreatedFeed | null>(null);
  const [error, setError] = useState<string | null>(null);
  const create = useWrite("createFeed", { onSuccess: (feed) => (setCreated(feed), setError(null)), onError: (e) => setError(errorText(e)) });
  const revoke = useWrite("revokeFeed", { onError: (e) => setError(errorText(e)) });
  const mine = data.items.filter((f) => f.docId === docId);
  const example = created?.url ?? "https://…/rest/feeds/gfd_…";
  return (
    <div className="flex flex-col gap-4">
      <Card id="sheet-link" title={t("linkTitle")}>
        <p className="text-sm text-slate-700 dark:text-slate-300">{t("linkLead")}</p>
        <div className="mt-3">
          <Button onClick={() => create.mutate({ input: { docId } })} disabled={create.isPending}>
            {t("create")}
          </Button>
        </div>
        {error && <FieldError>{error}</FieldError>}
        {created && <ShownOnce title={t("yourLink")} label={t("linkLabel")} value={created.url} onDone={() => setCreated(null)} />}
        <ol className="mt-4 flex list-decimal flex-col gap-2 pl-5 text-sm text-slate-700 dark:text-slate-300">
          <li>
            {t.rich("google", {
              formula: `=IMPORTDATA("${example}?period=MONTH")`,
              range: "&from=2026-01-01&to=2026-12-31",
              quarter: "period=QUARTER",
              b: (chunks) => <strong>{chunks}</strong>,
              code: codeTag,
            })}
          </li>
          <li>{t.rich("excel", { b: (chunks) => <strong>{chunks}</strong> })}</li>
        </ol>
      </Card>
      <Card id="odata-feed" title={t("odataTitle")}>
        <ol className="flex list-decimal flex-col gap-2 pl-5 text-sm text-slate-700 dark:text-slate-300">
          <li>{t("odataKey")}</li>
          <li>{t.rich("odataWhere", { url: odataUrl, code: codeTag })}</li>
          <li>{t.rich("odataBasic", { email, code: codeTag })}</li>
          <li>{t.rich("odataPick", { filter: "Period eq 'QUARTER'", code: codeTag })}</li>
        </ol>
        <LocalAddressNote url={odataUrl} />
      </Card>
      {mine.length === 0 ? (
        <Notice tone="empty">{t("none")}</Notice>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={t("links")}>
          {mine.map((feed) => (
            <li
              key={feed.id}
              className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-3 text-sm dark:border-slate-800 dark:bg-slate-900"
            >
              <span className="mr-auto">{t("madeBy", { id: feed.id, who: feed.createdBy, when: fmt.dateTime(feed.createdAt) })}</span>
              <Button variant="ghost" onClick={() => window.confirm(t("confirmRevoke")) && revoke.mutate({ input: { id: feed.id } })}>
                {t("revoke")}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
