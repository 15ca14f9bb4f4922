// What an entry of the endpoint table is: a read (with its cache key) or a write (with the reads
// it makes stale), and the types of an operation's input, body and answer, from the contract.
import type { z } from "zod";
import type { OperationName, Operations } from "@/lib/contract/routes";

export type QueryKey = readonly (string | number)[];
type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

type Request<O> = O extends { request: infer R } ? R : object;
type ParamsOf<O> = Request<O> extends { params: infer P extends z.ZodType } ? z.output<P> : object;
type QueryOf<O> = Request<O> extends { query: infer Q extends z.ZodType } ? z.output<Q> : object;
type JsonSchemaOf<T> = T extends { content: { "application/json": { schema: infer S extends z.ZodType } } } ? S : never;
type SuccessOf<O> = O extends { responses: infer R } ? R[Extract<keyof R, 200 | 201 | 202 | 204>] : never;

/** An operation's path and query parameters, as the code holds them (numbers are numbers). */
export type OperationInput<N extends OperationName> = ParamsOf<Operations[N]> & QueryOf<Operations[N]>;
export type OperationBody<N extends OperationName> = Request<Operations[N]> extends { body: infer B } ? z.input<JsonSchemaOf<B>> : undefined;
export type OperationResponse<N extends OperationName> = [JsonSchemaOf<SuccessOf<Operations[N]>>] extends [never]
  ? null
  : z.output<JsonSchemaOf<SuccessOf<Operations[N]>>>;

interface Spec<N extends OperationName> {
  op: N;
  method: Method;
  /** The API path under /rest; the BFF serves the same path under the dashboard's origin. */
  path: string;
  /** Request headers the BFF passes on. */
  headers?: readonly string[];
}
export interface ReadSpec<N extends OperationName> extends Spec<N> {
  kind: "read";
  key: (input: OperationInput<N>) => QueryKey;
  /** Never cached: uncounted (access/info), a live log, or what others change (people, keys). */
  live?: boolean;
  /** A scorecard's read whose answer depends on who asks (the caller's own `access`): kept per user. */
  perCaller?: boolean;
}
export interface WriteSpec<N extends OperationName> extends Spec<N> {
  kind: "write";
  /** The reads whose data this write changes, as key prefixes. */
  stale: (input: OperationInput<N>) => QueryKey[];
  /** Only the server calls it (logging out goes through /api/session, which drops the cookie). */
  serverOnly?: boolean;
}

export const read = <N extends OperationName>(spec: Omit<ReadSpec<N>, "kind">): ReadSpec<N> => ({ kind: "read", ...spec });
export const write = <N extends OperationName>(spec: Omit<WriteSpec<N>, "kind">): WriteSpec<N> => ({ kind: "write", ...spec });

export type AnyEndpoint = ReadSpec<OperationName> | WriteSpec<OperationName>;

/** True when `key` starts with every element of `prefix` (react-query's matching). */
export const keyStartsWith = (key: QueryKey, prefix: QueryKey) => prefix.every((part, i) => key[i] === part);
