"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useViewer } from "@/components/layout/viewer";
import { readQuery } from "@/lib/bff/queries";
import { runFigures, runWhen } from "./connector-words";

/**
 * "Fed by ERP revenue, last run 27 Nov 2026, 06:00: 12 values written", for an entered KPI that a
 * connector feeds. Read only for those who may manage connectors, and only for an entered KPI.
 */
export function FedBy({ docId, guid }: { docId: number; guid: string }) {
  const viewer = useViewer();
  const connectors = useQuery({ ...readQuery("connectors", { docId }), enabled: viewer !== null && viewer.role !== "viewer" });
  const feeding = (connectors.data?.items ?? []).filter((c) => c.mapping.kpiGuid === guid);
  if (feeding.length === 0) return null;
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="fed-by">
      {feeding.map((c, i) => (
        <span key={c.id}>
          {i > 0 && "; "}Fed by <Link href="/connectors" className="text-blue-700 underline dark:text-blue-400">{c.name}</Link>
          {c.lastRun ? <>, last run {runWhen(c.lastRun)}: {runFigures(c.lastRun)}</> : ", not run yet"}
        </span>
      ))}
    </p>
  );
}
