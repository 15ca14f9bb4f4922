"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { usePathname, useSearchParams } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import type { AccessInfo } from "@/lib/contract/auth";
import { readQuery } from "@/lib/bff/queries";
import { useFormats } from "@/lib/i18n/use-formats";

/** The account's hourly call budget: used, left and when it resets. */
export function CallBudget({ initial }: { initial: AccessInfo }) {
  const t = useTranslations("layout.budget");
  const f = useFormats();
  // access/info costs no call, so the budget may be polled. The server has just counted it for
  // this page: the first read is its, not one more request.
  const { data = initial, refetch } = useQuery({ ...readQuery("budget", {}), initialData: initial, refetchOnMount: false, refetchInterval: 60_000 });
  const queryClient = useQueryClient();
  const pathname = usePathname();
  const search = useSearchParams().toString();
  // The layout stays mounted across pages: recount after every navigation (not on the page the
  // server just counted) and after every fetch.
  const counted = useRef(`${pathname}?${search}`);
  useEffect(() => {
    if (counted.current === `${pathname}?${search}`) return;
    counted.current = `${pathname}?${search}`;
    void refetch();
  }, [pathname, search, refetch]);
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type === "updated" && event.action.type === "success" && event.query.queryKey[0] !== "budget") void refetch();
      }),
    [queryClient, refetch],
  );
  const left = Math.max(0, data.allowedCount - data.usedCount);
  const share = Math.min(1, data.usedCount / data.allowedCount);
  const tone = left === 0 ? "bg-red-600" : left < 20 ? "bg-amber-500" : "bg-emerald-600";
  // "auto" shows the explanation on hover and focus; a click pins it open, Escape hides it.
  const [shown, setShown] = useState<"auto" | "open" | "closed">("auto");
  const explanation = shown === "open" ? "block" : shown === "closed" ? "hidden" : "hidden group-hover:block group-focus-within:block";
  return (
    <div
      className="group relative"
      onMouseLeave={() => setShown("auto")}
      onBlur={() => setShown("auto")}
      onKeyDown={(event) => event.key === "Escape" && setShown("closed")}
    >
      <button
        type="button"
        className="flex items-center gap-2 rounded text-xs text-slate-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:text-slate-300"
        aria-describedby="call-budget-explained"
        aria-expanded={shown === "open"}
        onClick={() => setShown(shown === "open" ? "closed" : "open")}
      >
        <span role="status" aria-label={t("aria", { used: data.usedCount, left, at: f.time(data.resetAt) })} className="flex items-center gap-2">
          <span className="hidden sm:inline">{t("calls")}</span>
          <span className="relative h-2 w-16 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700" aria-hidden>
            <span className={`absolute inset-y-0 left-0 ${tone}`} style={{ width: `${share * 100}%` }} />
          </span>
          <span>
            {t.rich("left", { left, b: (chunks) => <strong className="font-semibold text-slate-900 dark:text-slate-100">{chunks}</strong> })}
            <span className="hidden sm:inline">{t("usedResets", { used: data.usedCount, at: f.time(data.resetAt) })}</span>
          </span>
        </span>
      </button>
      <div
        id="call-budget-explained"
        role="tooltip"
        className={`${explanation} absolute right-0 top-full z-30 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-md border border-slate-200 bg-white p-3 text-xs leading-relaxed text-slate-700 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200`}
      >
        <p>{t("explain", { allowed: data.allowedCount, perUser: data.limitPerUser, users: data.countedUsers, at: f.time(data.resetAt) })}</p>
        <p className="mt-2">{t.rich("counted", { b: (chunks) => <strong className="font-semibold">{chunks}</strong> })}</p>
        <p className="mt-2">{t.rich("notCounted", { b: (chunks) => <strong className="font-semibold">{chunks}</strong> })}</p>
        <p className="mt-2">{t("atLimit")}</p>
      </div>
    </div>
  );
}
