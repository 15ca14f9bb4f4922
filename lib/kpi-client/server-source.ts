import "server-only";
import { cache } from "react";
import type { DashboardSource } from "@/lib/queries";
import { makeQueryClient } from "@/lib/query-client";
import { requireSessionClient } from "./session-client";

/** The signed-in user's reads for server prefetching. */
export async function serverSource(): Promise<DashboardSource> {
  const { client } = await requireSessionClient();
  return {
    scorecards: () => client.scorecards(),
    tree: (docId) => client.tree(docId),
    grouped: (docId, q) => client.grouped(docId, q.period, q.from, q.to),
    budget: () => client.accessInfo(),
    webhooks: () => client.webhooks(),
    alerts: (docId) => client.alerts(docId),
  };
}

/** One QueryClient per server request. */
export const getServerQueryClient = cache(makeQueryClient);
