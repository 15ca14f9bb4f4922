"use client";

import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ACTIVITY_KINDS, type ActivityEvent } from "@/lib/contract/activity";
import { readQuery } from "@/lib/bff/queries";
import { useFormats } from "@/lib/i18n/use-formats";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { Table, TableHead, Td, Th, Tr } from "@/components/ui/table";

type Filters = { person?: number; kind?: ActivityEvent["kind"]; from?: string; to?: string };
const PAGE = 100;
const select = "rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900";

const detailText = (details: Record<string, unknown>) =>
  Object.entries(details)
    .map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`)
    .join(", ");

/** The account's activity, filtered by person, kind and days, a page at a time, with a CSV of the same. */
export function ActivityLog() {
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
      <form className="flex flex-wrap items-end gap-3" aria-label="Filter the activity" onSubmit={(e) => e.preventDefault()}>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Person
          <select className={select} value={filters.person ?? ""} onChange={(e) => change({ ...filters, person: e.target.value ? Number(e.target.value) : undefined })}>
            <option value="">Everyone</option>
            {people.items.map((p) => <option key={p.id} value={p.id}>{p.email}</option>)}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Kind
          <select className={select} value={filters.kind ?? ""} onChange={(e) => change({ ...filters, kind: (e.target.value || undefined) as Filters["kind"] })}>
            <option value="">All kinds</option>
            {ACTIVITY_KINDS.map((k) => <option key={k} value={k}>{k}</option>)}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          From
          <input type="date" className={select} value={filters.from ?? ""} onChange={(e) => change({ ...filters, from: e.target.value || undefined })} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          To
          <input type="date" className={select} value={filters.to ?? ""} onChange={(e) => change({ ...filters, to: e.target.value || undefined })} />
        </label>
        <a className="ml-auto text-sm font-medium text-blue-700 hover:underline dark:text-blue-400" href={`/api/activity/export${query.size ? `?${query}` : ""}`}>
          Download CSV
        </a>
      </form>
      <Table caption="The account's activity, newest first">
        <TableHead>
          <Th>When and who</Th>
          <Th>What</Th>
          <Th className="hidden md:table-cell">Details</Th>
        </TableHead>
        <tbody>
          {pages.map((before, i) => (
            <EventPage key={`${query}|${before ?? ""}`} filters={filters} before={before} onNext={i === pages.length - 1 ? (next) => setPages([...pages, next]) : undefined} />
          ))}
        </tbody>
      </Table>
    </div>
  );
}

function EventPage({ filters, before, onNext }: { filters: Filters; before?: number; onNext?: (next: number) => void }) {
  const fmt = useFormats();
  const { data, isPending, error } = useQuery(readQuery("activity", { ...filters, limit: PAGE, ...(before ? { before } : {}) }));
  if (isPending) return <Tr><Td colSpan={3}>Loading…</Td></Tr>;
  if (error) return <Tr><Td colSpan={3}><Notice tone="error">The activity could not be read: {error.message}</Notice></Td></Tr>;
  if (data.items.length === 0 && !before) return <Tr><Td colSpan={3}>Nothing matches these filters.</Td></Tr>;
  return (
    <>
      {data.items.map((e) => (
        <Tr key={e.id}>
          <Td>
            {fmt.dateTime(e.at)}
            <span className="block break-all text-xs text-slate-600 dark:text-slate-400">
              {e.email ?? "A former user"}
              {e.apiKey && `, key ${e.apiKey}`}
            </span>
          </Td>
          <Td>
            {e.action}
            {e.scorecardId !== null && <span className="text-slate-600 dark:text-slate-400"> (scorecard {e.scorecardId})</span>}
            <span className="block text-xs text-slate-600 dark:text-slate-400">{e.kind}, through {e.via}</span>
            <span className="block break-words text-xs text-slate-600 md:hidden dark:text-slate-400">{detailText(e.details)}</span>
          </Td>
          <Td className="hidden max-w-xs break-words text-xs text-slate-600 md:table-cell dark:text-slate-400">{detailText(e.details)}</Td>
        </Tr>
      ))}
      {onNext && data.next && (
        <Tr>
          <Td colSpan={3}>
            <Button variant="ghost" onClick={() => onNext(data.next!)}>Show older</Button>
          </Td>
        </Tr>
      )}
    </>
  );
}
