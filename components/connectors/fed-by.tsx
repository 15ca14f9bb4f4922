import Link from "next/link";
import type { FeedingConnector } from "@/lib/contract/kpis";
import { formatDateTime } from "@/lib/format";

/**
 * "Fed by ERP revenue, last wrote 27 Nov 2026, 06:00: 12 values", for a KPI connectors feed. From
 * the scorecard's tree, read anyway: it costs no call of its own.
 */
export function FedBy({ connectors }: { connectors: FeedingConnector[] }) {
  if (connectors.length === 0) return null;
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="fed-by">
      {connectors.map((c, i) => (
        <span key={c.id}>
          {i > 0 && "; "}Fed by <Link href="/connectors" className="text-blue-700 underline dark:text-blue-400">{c.name}</Link>
          {c.lastWrittenAt ? <>, last wrote {formatDateTime(c.lastWrittenAt)}: {c.lastWritten} {c.lastWritten === 1 ? "value" : "values"}</> : ", nothing written yet"}
        </span>
      ))}
    </p>
  );
}
