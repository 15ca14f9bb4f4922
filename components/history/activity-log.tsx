"use client";

import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ACTIVITY_ACTIONS, ACTIVITY_KINDS, type ActivityAction, type ActivityEvent } from "@/lib/contract/activity";
import { readQuery } from "@/lib/bff/queries";
import { useFormats } from "@/lib/i18n/use-formats";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { Table, TableHead, Td, Th, Tr, StatusRow } from "@/components/ui/table";
import { useTranslations } from "next-intl";
import { useErrorText } from "@/lib/i18n/use-error-text";
import { DateInput } from "@/components/ui/date-input";

/** The ways in the log names in words; another client's own label is shown as it is. */
const VIAS = ["api", "dashboard", "import", "cli", "system", "connector", "scim"] as const;
type Via = (typeof VIAS)[number];

type Filters = { person?: number; kind?: ActivityEvent["kind"]; from?: string; to?: string };
const PAGE = 100;
const select = "rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900";

/** The key of each sentence the API logs, to say it in the reader's language. */
const ACTION_KEYS = new Map(Object.entries(ACTIVITY_ACTIONS).map(([key, sentence]) => [sentence as string, key as ActivityAction]));

const detailText = (details: Record<string, unknown>) =>
  Object.entries(details)
    .map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`)
    .join(", ");

/** The account's activity, filtered by person, kind and days, a page at a time, with a CSV of the same. */
export function ActivityLog() {
  const t = useTranslations("activity");
  const { data: people } = useSuspenseQuery(readQuery("users", {}));
  const [filters, setFilters] = useState<Filters>({});
  const [pages, setPages] = useState<(number | undefined)[]>([undefined]);
  const change = (next: Filters) => {
    setFilters(next);
    setPages([undefined]);
  };
  const query = new URLSearchParams(Object.entries(filters).flatMap(([k, v]) => (v === undefined || v === "" ? [] : [[k, String(v)]])));
  return (
    <div className="flex flex-col gap-3">
      <form className="flex flex-wrap items-end gap-3" aria-label={t("filter")} onSubmit={(e) => e.preventDefault()}>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t("person")}
          <select
            className={select}
            value={filters.person ?? ""}
            onChange={(e) => change({ ...filters, person: e.target.value ? Number(e.target.value) : undefined })}
          >
            <option value="">{t("everyone")}</option>
            {people.items.map((p) => (
              <option key={p.id} value={p.id}>
                {p.email}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t("kind")}
          <select
            className={select}
            value={filters.kind ?? ""}
            onChange={(e) => change({ ...filters, kind: (e.target.value || undefined) as Filters["kind"] })}
          >
            <option value="">{t("allKinds")}</option>
            {ACTIVITY_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <div className="flex flex-col gap-1 text-sm font-medium">
          <label htmlFor="activity-from">{t("from")}</label>
          <DateInput id="activity-from" className={select} value={filters.from ?? ""} onChange={(from) => change({ ...filters, from })} />
        </div>
        <div className="flex flex-col gap-1 text-sm font-medium">
          <label htmlFor="activity-to">{t("to")}</label>
          <DateInput id="activity-to" className={select} value={filters.to ?? ""} onChange={(to) => change({ ...filters, to })} />
        </div>
        <a
          className="ml-auto text-sm font-medium text-blue-700 hover:underline dark:text-blue-400"
          href={`/api/activity/export${query.size ? `?${query}` : ""}`}
        >
          {t("csv")}
        </a>
      </form>
      <Table caption={t("caption")}>
        <TableHead>
          <Th>{t("whenWho")}</Th>
          <Th>{t("what")}</Th>
          <Th className="hidden md:table-cell">{t("details")}</Th>
        </TableHead>
        <tbody>
          {pages.map((before, i) => (
            <EventPage
              key={`${query}|${before ?? ""}`}
              filters={filters}
              before={before}
              onNext={i === pages.length - 1 ? (next) => setPages([...pages, next]) : undefined}
            />
          ))}
        </tbody>
      </Table>
    </div>
  );
}

function EventPage({ filters, before, onNext }: { filters: Filters; before?: number; onNext?: (next: number) => void }) {
  const fmt = useFormats();
  const t = useTranslations("activity");
  const errorText = useErrorText();
  const { data, isPending, error } = useQuery(readQuery("activity", { ...filters, limit: PAGE, ...(before ? { before } : {}) }));
  if (isPending) return <StatusRow columns={3}>{t("loading")}</StatusRow>;
  if (error)
    return (
      <StatusRow columns={3}>
        <Notice tone="error">{t("unreadable", { reason: errorText(error) })}</Notice>
      </StatusRow>
    );
  if (data.items.length === 0 && !before) return <StatusRow columns={3}>{t("nothing")}</StatusRow>;
  return (
    <>
      {data.items.map((e) => (
        <Tr key={e.id}>
          <Td>
            {fmt.dateTime(e.at)}
            <span className="block break-all text-xs text-slate-600 dark:text-slate-400">
              {e.email ?? t("formerUser")}
              {e.apiKey && t("key", { key: e.apiKey })}
            </span>
          </Td>
          <Td>
            {ACTION_KEYS.has(e.action) ? t(`actions.${ACTION_KEYS.get(e.action)!}`) : e.action}
            {e.scorecardId !== null && <span className="text-slate-600 dark:text-slate-400">{t("scorecard", { id: e.scorecardId })}</span>}
            <span className="block text-xs text-slate-600 dark:text-slate-400">
              {t("through", { kind: t(`kinds.${e.kind}`), via: VIAS.includes(e.via as Via) ? t(`via.${e.via as Via}`) : e.via })}
            </span>
            <span className="block break-words text-xs text-slate-600 md:hidden dark:text-slate-400">{detailText(e.details)}</span>
          </Td>
          <Td className="hidden max-w-xs break-words text-xs text-slate-600 md:table-cell dark:text-slate-400">{detailText(e.details)}</Td>
        </Tr>
      ))}
      {onNext && data.next && (
        <Tr>
          <Td colSpan={3}>
            <Button variant="ghost" onClick={() => onNext(data.next!)}>
              {t("older")}
            </Button>
          </Td>
        </Tr>
      )}
    </>
  );
}
