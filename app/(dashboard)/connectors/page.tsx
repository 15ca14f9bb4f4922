import type { Metadata } from "next";
import { Suspense } from "react";
import { ConnectorForm } from "@/components/connectors/connector-form";
import { ConnectorList } from "@/components/connectors/connector-list";
import { RoleRefusal } from "@/components/layout/role-refusal";
import { Notice } from "@/components/ui/notice";
import { Skeleton } from "@/components/ui/skeleton";
import { Prefetch, serverRead } from "@/lib/bff/prefetch";
import { requireSessionClient, sessionBudget } from "@/lib/bff/session-client";

export const metadata: Metadata = { title: "Connectors" };

export default async function ConnectorsPage() {
  await requireSessionClient();
  if ((await sessionBudget()).role === "viewer") {
    return <RoleRefusal title="Admins and experts manage connectors">Connectors bring KPI values in from databases, spreadsheets and other tools. Ask an admin or an expert of your account.</RoleRefusal>;
  }
  const list = await serverRead("scorecards", {});
  const writable = [...list.documents, ...list.sharedToUser].filter((s) => s.access === "write").map((s) => ({ id: s.id, name: s.name }));
  return (
    <Prefetch queries={[["connectors", {}]]}>
      <div className="flex flex-col gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Connectors</h1>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            KPI values that arrive by themselves: from a SQL database, a JSON or CSV address, or a push URL any tool can post to. Test a source before saving it;
            every run is listed with the rows it rejected, and what it wrote can be undone. Runs do not spend the account&apos;s API calls.
          </p>
        </div>
        {writable.length === 0 ? <Notice tone="empty">You may not write any scorecard yet: connectors write into one.</Notice> : <ConnectorForm scorecards={writable} />}
        <Suspense fallback={<Skeleton className="h-64" />}>
          <ConnectorList scorecards={writable} />
        </Suspense>
      </div>
    </Prefetch>
  );
}
