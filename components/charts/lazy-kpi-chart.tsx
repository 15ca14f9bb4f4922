"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import type { KpiChartProps } from "./kpi-chart";

// The chart's default height, which the detail panel uses.
const chartSkeleton = () => <Skeleton className="h-[280px] w-full" />;

const KpiChart = dynamic(() => import("./kpi-chart").then((m) => m.KpiChart), { ssr: false, loading: chartSkeleton });

/**
 * The KPI chart, loaded once its place comes within a screen of the viewport: recharts (with
 * its redux and immer) is the largest script of the scorecard page, and on a phone the chart
 * sits below the KPI table, so a visit that never scrolls there never downloads it.
 */
export function LazyKpiChart(props: Omit<KpiChartProps, "height">) {
  const t = useTranslations("chart");
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = place.current;
    if (!element || near) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: "100% 0px" });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  if (near) return <KpiChart {...props} />;
  return (
    <div ref={place} role="img" aria-busy="true" aria-label={t("loading", { name: props.name })}>
      {chartSkeleton()}
    </div>
  );
}
