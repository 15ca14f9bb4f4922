import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { AccessInfo } from "@/lib/contract/auth";
import { ErrorBody } from "@/lib/contract/common";
import type { GroupedQuery } from "@/lib/contract/dashboard";
import { GroupedValues } from "@/lib/contract/grouped";
import { KpiTree } from "@/lib/contract/kpis";
import { ScorecardList } from "@/lib/contract/scorecards";
import { AlertList } from "@/lib/contract/alerts";
import { DeliveryList, WebhookList } from "@/lib/contract/webhooks";

/** Where the dashboard's reads come from: the BFF in the browser, the KPI client on the server. */
export interface DashboardSource {
  scorecards(): Promise<ScorecardList>;
  tree(docId: number): Promise<KpiTree>;
  grouped(docId: number, query: GroupedQuery): Promise<GroupedValues>;
  budget(): Promise<AccessInfo>;
  webhooks(): Promise<WebhookList>;
  alerts(docId: number): Promise<AlertList>;
}

/** A failed BFF call, with the API's error body (and when to retry after a 429). */
export class BffError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    readonly retryAfterSeconds: number | null,
  ) {
    super(body.errorMessage);
  }
}

/** A short sentence for a failed call: the first field's problem when the API named one. */
export function errorText(error: Error): string {
  const detail = error instanceof BffError ? error.body.details[0] : undefined;
  return detail ? `${detail.path ? `${detail.path}: ` : ""}${detail.message}` : error.message;
}

export async function bffFetch<T>(schema: z.ZodType<T>, url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, { cache: "no-store", ...init });
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const body = ErrorBody.safeParse(json);
    throw new BffError(
      response.status,
      body.success ? body.data : { success: false, errorMessage: `Request failed (${response.status})`, code: "internal", details: [] },
      Number(response.headers.get("Retry-After")) || null,
    );
  }
  return schema.parse(json);
}

const groupedUrl = (docId: number, q: GroupedQuery) =>
  `/api/scorecards/${docId}/grouped?${new URLSearchParams({ period: q.period, from: q.from, to: q.to })}`;

export const browserSource: DashboardSource = {
  scorecards: () => bffFetch(ScorecardList, "/api/scorecards"),
  tree: (docId) => bffFetch(KpiTree, `/api/scorecards/${docId}/tree`),
  grouped: (docId, q) => bffFetch(GroupedValues, groupedUrl(docId, q)),
  budget: () => bffFetch(AccessInfo, "/api/budget"),
  webhooks: () => bffFetch(WebhookList, "/api/webhooks"),
  alerts: (docId) => bffFetch(AlertList, `/api/scorecards/${docId}/alerts`),
};

export const queryKeys = {
  scorecards: ["scorecards"] as const,
  tree: (docId: number) => ["scorecard", docId, "tree"] as const,
  grouped: (docId: number, q: GroupedQuery) => ["scorecard", docId, "grouped", q.period, q.from, q.to] as const,
  groupedAll: (docId: number) => ["scorecard", docId, "grouped"] as const,
  budget: ["budget"] as const,
  webhooks: ["webhooks"] as const,
  deliveries: (id: number) => ["webhooks", id, "deliveries"] as const,
  alerts: (docId: number) => ["scorecard", docId, "alerts"] as const,
};

export const scorecardsQuery = (source = browserSource) =>
  queryOptions({ queryKey: queryKeys.scorecards, queryFn: () => source.scorecards() });

export const treeQuery = (docId: number, source = browserSource) =>
  queryOptions({ queryKey: queryKeys.tree(docId), queryFn: () => source.tree(docId) });

export const groupedQuery = (docId: number, q: GroupedQuery, source = browserSource) =>
  queryOptions({ queryKey: queryKeys.grouped(docId, q), queryFn: () => source.grouped(docId, q) });

/** access/info costs no call, so the budget may be polled. */
export const budgetQuery = (source = browserSource) =>
  queryOptions({ queryKey: queryKeys.budget, queryFn: () => source.budget(), staleTime: 0, refetchInterval: 60_000 });

export const webhooksQuery = (source = browserSource) =>
  queryOptions({ queryKey: queryKeys.webhooks, queryFn: () => source.webhooks() });

export const alertsQuery = (docId: number, source = browserSource) =>
  queryOptions({ queryKey: queryKeys.alerts(docId), queryFn: () => source.alerts(docId) });

/** Fetched when the log is opened; each look costs one call, so it is not polled. */
export const deliveriesQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.deliveries(id), queryFn: () => bffFetch(DeliveryList, `/api/webhooks/${id}/deliveries`), staleTime: 0 });
