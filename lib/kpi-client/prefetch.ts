import "server-only";
import type { FetchQueryOptions, QueryClient } from "@tanstack/react-query";
import { notFound } from "next/navigation";
import { KpiApiError } from "./errors";
import { redirectToLogin } from "./session-client";

/**
 * Loads what a page needs before it renders. Client components then find their data in the
 * cache and never fetch during server rendering. A dead token goes to /login, a missing
 * scorecard to the 404 page; at the call limit the page gets `{ retryAfterSeconds }` to explain.
 */
export async function prefetchOrExplain(
  queryClient: QueryClient,
  queries: FetchQueryOptions<any, any, any, any>[],
): Promise<{ retryAfterSeconds: number | null } | null> {
  try {
    await Promise.all(queries.map((query) => queryClient.fetchQuery(query)));
    return null;
  } catch (error) {
    if (!(error instanceof KpiApiError)) throw error;
    if (error.status === 429) return { retryAfterSeconds: error.retryAfterSeconds };
    if (error.status === 401) return redirectToLogin(true);
    if (error.status === 404) notFound();
    throw error;
  }
}
