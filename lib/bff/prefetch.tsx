import "server-only";
import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { notFound } from "next/navigation";
import { cache, type ReactNode } from "react";
import { CallLimitMessage } from "@/components/layout/call-limit-message";
import { StaleNotice } from "@/components/layout/stale-notice";
import { makeQueryClient } from "@/lib/query-client";
import type { InputOf, ReadName, ResponseOf } from "./endpoints";
import { ApiCallError } from "./http";
import { readQuery, type Transport } from "./queries";
import { redirectToLogin, requireSessionClient } from "./session-client";

/** One QueryClient per server request. */
const getServerQueryClient = cache(makeQueryClient);

/** Server components reach the API through the signed-in user's KPI client (no BFF hop). */
const serverTransport: Transport = async (name, input, options) => (await requireSessionClient()).client.call(name, input, options);

/** A read on the server, shared with the page's prefetch (same per-request cache). */
export function serverRead<E extends ReadName>(name: E, input: InputOf<E>): Promise<ResponseOf<E>> {
  return getServerQueryClient().fetchQuery(readQuery(name, input, serverTransport)) as Promise<ResponseOf<E>>;
}

export type Prefetchable = { [E in ReadName]: [E, InputOf<E>] }[ReadName];

/**
 * Loads what a page needs before it renders, then hands it to the client components (which find
 * it in their cache and never fetch during server rendering). A dead token goes to /login, a
 * missing scorecard to the 404 page; at the call limit the page explains when to try again.
 */
export async function Prefetch({ queries, children }: { queries: Prefetchable[]; children: ReactNode }) {
  try {
    await Promise.all(queries.map(([name, input]) => serverRead(name, input as never)));
  } catch (error) {
    if (!(error instanceof ApiCallError)) throw error;
    if (error.status === 429) return <CallLimitMessage retryAfterSeconds={error.retryAfterSeconds} />;
    if (error.status === 401) return redirectToLogin(true);
    if (error.status === 404) notFound();
    throw error;
  }
  const stale = (await requireSessionClient()).client.staleReads();
  return (
    <HydrationBoundary state={dehydrate(getServerQueryClient())}>
      {stale.length > 0 && <StaleNotice reads={stale} />}
      {children}
    </HydrationBoundary>
  );
}
