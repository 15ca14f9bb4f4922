"use client";

import { useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { CreatedFeed } from "@/lib/contract/feeds";
import { errorText } from "@/lib/bff/http";
import { readQuery, useWrite } from "@/lib/bff/queries";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FieldError, Notice } from "@/components/ui/notice";
import { ShownOnce } from "@/components/ui/shown-once";
import { useFormats } from "@/lib/i18n/use-formats";

const code = "rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs break-all dark:bg-slate-800";

/** Spreadsheet links of one scorecard, how to use them in Google Sheets and Excel, and the OData feed for Power BI. */
export function SheetLinks({ docId, odataUrl, email }: { docId: number; odataUrl: string; email: string }) {
  const fmt = useFormats();
  const { data } = useSuspenseQuery(readQuery("feeds", {}));
  const [created, setCreated] = useState<CreatedFeed | null>(null);
  const [error, setError] = useState<string | null>(null);
  const create = useWrite("createFeed", { onSuccess: (feed) => (setCreated(feed), setError(null)), onError: (e) => setError(errorText(e)) });
  const revoke = useWrite("revokeFeed", { onError: (e) => setError(errorText(e)) });
  const mine = data.items.filter((f) => f.docId === docId);
  const example = created?.url ?? "https://…/rest/feeds/gfd_…";
  return (
    <div className="flex flex-col gap-4">
      <Card id="sheet-link" title="A link for Google Sheets and Excel">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          The link answers this scorecard&apos;s figures (KPI, GUID, period start, value, target, score, status) as CSV to anyone who has it, with your access. Each refresh is
          one API call of your account. Revoke it here when it is no longer needed.
        </p>
        <div className="mt-3"><Button onClick={() => create.mutate({ input: { docId } })} disabled={create.isPending}>Create a link</Button></div>
        {error && <FieldError>{error}</FieldError>}
        {created && <ShownOnce title="Your link: copy it now, it is not shown again." label="Spreadsheet link" value={created.url} onDone={() => setCreated(null)} />}
        <ol className="mt-4 flex list-decimal flex-col gap-2 pl-5 text-sm text-slate-700 dark:text-slate-300">
          <li><strong>Google Sheets:</strong> in a cell, <code className={code}>=IMPORTDATA(&quot;{example}?period=MONTH&quot;)</code>. Add <code className={code}>&amp;from=2026-01-01&amp;to=2026-12-31</code> for a range; <code className={code}>period=QUARTER</code> groups by quarter.</li>
          <li><strong>Excel:</strong> Data → From Web → paste the link → Load. Data → Refresh All reads it again.</li>
        </ol>
      </Card>
      <Card id="odata-feed" title="Power BI and Excel's OData feed">
        <ol className="flex list-decimal flex-col gap-2 pl-5 text-sm text-slate-700 dark:text-slate-300">
          <li>Create an API key on the API keys page.</li>
          <li>Power BI: Get Data → OData feed; Excel: Data → Get Data → From Other Sources → From OData Feed. The address: <code className={code}>{odataUrl}</code></li>
          <li>Choose Basic: the user name is <code className={code}>{email}</code>, the password the API key.</li>
          <li>Pick Scorecards, Kpis, Values (the entered records) or Periods (grouped figures with scores; filter <code className={code}>Period eq &apos;QUARTER&apos;</code> for quarters).</li>
        </ol>
      </Card>
      {mine.length === 0 ? (
        <Notice tone="empty">No links to this scorecard yet.</Notice>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Links to this scorecard">
          {mine.map((feed) => (
            <li key={feed.id} className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-3 text-sm dark:border-slate-800 dark:bg-slate-900">
              <span className="mr-auto">Link {feed.id}, made by {feed.createdBy} on {fmt.dateTime(feed.createdAt)}</span>
              <Button variant="ghost" onClick={() => window.confirm("Revoke this link? Spreadsheets reading it stop getting figures.") && revoke.mutate({ input: { id: feed.id } })}>Revoke</Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
