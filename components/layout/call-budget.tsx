"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { usePathname, useSearchParams } from "next/navigation";
import { useEffect } from "react";
import type { AccessInfo } from "@/lib/contract/auth";
import { readQuery } from "@/lib/bff/queries";
import { formatTime } from "@/lib/format";


/** The account's hourly call budget: used, left and when it resets. */
export function CallBudget({ initial }: { initial: AccessInfo }) {
  // access/info costs no call, so the budget may be polled.
  const { data = initial, refetch } = useQuery({ ...readQuery("budget", {}), initialData: initial, refetchInterval: 60_000 });
  const queryClient = useQueryClient();
  const pathname = usePathname();
  const search = useSearchParams().toString();
  // The layout stays mounted across pages: recount after every navigation and every fetch.
  useEffect(() => void refetch(), [pathname, search, refetch]);
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
  return (
    <div
      className="flex items-center gap-2 text-xs text-slate-600 dark:text-slate-300"
      role="status"
      aria-label={`API calls: ${data.usedCount} used, ${left} left, resets at ${formatTime(data.resetAt)}`}
      title="Each account may make a limited number of API calls per hour"
    >
      <span className="hidden sm:inline">API calls</span>
      <span className="relative h-2 w-16 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700" aria-hidden>
        <span className={`absolute inset-y-0 left-0 ${tone}`} style={{ width: `${share * 100}%` }} />
      </span>
      <span>
        <strong className="font-semibold text-slate-900 dark:text-slate-100">{left}</strong> left
        <span className="hidden sm:inline"> · {data.usedCount} used · resets {formatTime(data.resetAt)}</span>
      </span>
    </div>
  );
}
