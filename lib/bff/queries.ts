// Query and mutation options for every endpoint of the table: server components prefetch with
// the same options (and keys) that client components read with useSuspenseQuery.
import { queryOptions, useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { endpoints, type BodyOf, type EndpointName, type InputOf, type ReadName, type ResponseOf, type WriteName } from "./endpoints";
import type { AnyEndpoint, QueryKey } from "./endpoint-spec";
import { decodeResponse, endpointUrl } from "./http";

export type CallOptions<E extends EndpointName> = { body?: BodyOf<E>; headers?: Record<string, string> };

/** How a call reaches the API: the BFF in the browser, the session's KPI client on the server. */
export type Transport = <E extends EndpointName>(name: E, input: InputOf<E>, options?: CallOptions<E>) => Promise<ResponseOf<E>>;

/** The browser's transport: the BFF serves each endpoint at the API's own path. */
export const browserTransport: Transport = async (name, input, options = {}) => {
  const endpoint = endpoints[name] as AnyEndpoint;
  const response = await fetch(endpointUrl(endpoint.path, input as object), {
    method: endpoint.method,
    cache: "no-store",
    headers: { ...(options.body === undefined ? {} : { "Content-Type": "application/json" }), ...options.headers },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const asOf = response.headers.get("X-Gauge-As-Of");
  if (asOf && typeof window !== "undefined") {
    const detail: StaleReadDetail = { asOf, liveAgainAt: response.headers.get("X-Gauge-Live-Again-At") };
    window.dispatchEvent(new CustomEvent(STALE_READ_EVENT, { detail }));
  }
  return (await decodeResponse(response)) as never;
};

/** Dispatched on window when the BFF answered a read from its cache at the call limit (X-Gauge-As-Of). */
export const STALE_READ_EVENT = "gauge:stale-read";
export type StaleReadDetail = { asOf: string; liveAgainAt: string | null };

/** A read's query options: its key comes from the table, so a write knows what it makes stale. */
export function readQuery<E extends ReadName>(name: E, input: InputOf<E>, transport: Transport = browserTransport) {
  const endpoint = endpoints[name] as AnyEndpoint & { kind: "read" };
  return queryOptions({
    queryKey: endpoint.key(input as never),
    queryFn: () => transport(name, input) as Promise<ResponseOf<E>>,
    // Live reads (the budget, delivery logs) cost nothing or must be current.
    ...(endpoint.live ? { staleTime: 0 } : {}),
  });
}

export type WriteVariables<E extends WriteName> = { input: InputOf<E> } & CallOptions<E>;

const sameKey = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((part, i) => part === b[i]);

/**
 * A write's mutation options: on success, the reads it makes stale are refetched, except those
 * `answered` says the write's own answer already brought up to date.
 */
export function writeMutation<E extends WriteName>(name: E, queryClient: QueryClient, transport: Transport = browserTransport) {
  const endpoint = endpoints[name] as AnyEndpoint & { kind: "write" };
  return {
    mutationFn: ({ input, ...options }: WriteVariables<E>) => transport(name, input, options as CallOptions<E>) as Promise<ResponseOf<E>>,
    onSuccess: (_data: ResponseOf<E>, { input }: WriteVariables<E>, answered: readonly QueryKey[] = []) =>
      Promise.all(
        endpoint
          .stale(input as never)
          .map((key) => queryClient.invalidateQueries({ queryKey: key, predicate: (query) => !answered.some((done) => sameKey(done, query.queryKey)) })),
      ).then(() => undefined),
  };
}

type WriteCallbacks<E extends WriteName> = {
  /** Puts the write's answer into the reads it updates (setQueryData) and names them: they are not read again. */
  answered?: (data: ResponseOf<E>, variables: WriteVariables<E>, queryClient: QueryClient) => QueryKey[];
  onSuccess?: (data: ResponseOf<E>, variables: WriteVariables<E>) => void;
  onError?: (error: Error) => void;
};

/** useMutation for a table write, with the caller's own callbacks after the invalidation. */
export function useWrite<E extends WriteName>(name: E, callbacks: WriteCallbacks<E> = {}) {
  const queryClient = useQueryClient();
  const options = writeMutation(name, queryClient);
  return useMutation({
    mutationFn: options.mutationFn,
    onSuccess: async (data, variables) => {
      await options.onSuccess(data, variables, callbacks.answered?.(data, variables, queryClient));
      callbacks.onSuccess?.(data, variables);
    },
    onError: callbacks.onError,
  });
}
