import type { Metadata } from "next";
import { Suspense } from "react";
import { BoardPack } from "@/components/pack/board-pack";
import { PrintButton } from "@/components/pack/print-button";
import { Skeleton } from "@/components/ui/skeleton";
import { Prefetch } from "@/lib/bff/prefetch";
import { IsoDate } from "@/lib/contract/common";
import { Period } from "@/lib/contract/kpis";
import { defaultRange, groupedInput, type ChartFilters } from "@/lib/filters";
import { docIdParam, type SearchParams } from "@/lib/page-params";
import { getLocale, getTranslations } from "next-intl/server";
import { withPageMessages } from "@/lib/i18n/page-messages";
import { DateInput } from "@/components/ui/date-input";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("pack"))("metaTitle") };
}

/** The print view: ?date=yyyy-mm-dd (default today) and ?period= (default MONTH); twelve periods up to the date. */
async function BoardPackPage({ params, searchParams }: { params: Promise<{ docId: string }>; searchParams: SearchParams }) {
  const docId = await docIdParam(params);
  const [query, t, periods] = [await searchParams, await getTranslations("pack"), await getTranslations("periods")];
  const one = (key: string) => (Array.isArray(query[key]) ? query[key][0] : query[key]);
  const date = IsoDate.safeParse(one("date")).data ?? new Date().toISOString().slice(0, 10);
  const period = Period.safeParse(one("period")).data ?? "MONTH";
  const filters: ChartFilters = { period, from: defaultRange(period, new Date(`${date}T00:00:00Z`)).from, to: date };
  const pdf = `/api/report/${docId}/board-pack?${new URLSearchParams({ date, period, lang: await getLocale() })}`;
  return (
    <Prefetch
      queries={[
        ["tree", { docId }],
        ["grouped", groupedInput(docId, filters)],
      ]}
    >
      <div className="mx-auto flex max-w-4xl flex-col gap-4">
        <form className="flex flex-wrap items-end gap-3 print:hidden" aria-label={t("settings")}>
          <div className="flex flex-col gap-1 text-sm">
            <label htmlFor="pack-date">{t("date")}</label>
            <DateInput
              id="pack-date"
              name="date"
              defaultValue={date}
              className="rounded-md border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900"
            />
          </div>
          <label className="flex flex-col gap-1 text-sm">
            {t("period")}
            <select
              name="period"
              defaultValue={period}
              className="rounded-md border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900"
            >
              {Period.options.map((p) => (
                <option key={p} value={p}>
                  {periods(p)}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="rounded-md border border-slate-300 px-3 py-1.5 text-sm dark:border-slate-700">
            {t("show")}
          </button>
          <span className="ml-auto flex gap-2">
            <PrintButton />
            <a href={pdf} className="rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-800">
              {t("pdf")}
            </a>
          </span>
        </form>
        <Suspense fallback={<Skeleton className="h-96" />}>
          <BoardPack docId={docId} filters={filters} />
        </Suspense>
      </div>
    </Prefetch>
  );
}

export default withPageMessages(["chart", "initiatives", "notes", "pack"], BoardPackPage);
