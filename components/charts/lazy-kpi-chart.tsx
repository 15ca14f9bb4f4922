"use client";

import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/skeleton";

/**
 * The KPI chart, loaded once the page is interactive: recharts (with its redux and immer) was
 * the largest part of the scorecard page's first-load JavaScript. Same props as KpiChart.
 */
export const LazyKpiChart = dynamic(() => import("./kpi-chart").then((m) => m.KpiChart), {
  ssr: false,
  loading: () => <Skeleton className="h-[280px] w-full" />,
});
