import "server-only";
import { LoginResponse } from "@/lib/contract/auth";
import { InvitationDetails, SetupStatus } from "@/lib/contract/people";
import { loadConfig } from "@/lib/config";
import { dashboardCallHeaders, forwardedRequestHeaders } from "@/lib/dashboard-proof";
import { currentSource } from "@/lib/request-origin";
import { endpoints, keys, type BodyOf, type EndpointName, type InputOf, type ResponseOf } from "./endpoints";
import type { AnyEndpoint, WriteSpec } from "./endpoint-spec";
import { ApiCallError, decodeResponse, endpointUrl } from "./http";
import { schemasOf } from "./operation-schemas";
import type { AccessInfo } from "@/lib/contract/auth";
import type { OperationName } from "@/lib/contract/routes";
import { appReadStore, cachedRead, markStale, StaleRead, type ReadStore } from "./read-cache";

/** The API's address, and whether it is this same server over loopback (no KPI_API_URL). */
function apiTarget(): { base: string; loopback: boolean } {
  const config = loadConfig();
  return { base: (config.KPI_API_URL ?? `http://127.0.0.1:${config.PORT}/rest`).replace(/\/$/, ""), loopback: !config.KPI_API_URL };
}

export function apiBaseUrl(): string {
  return apiTarget().base;
}

/** POST /rest/login: not counted against the call limit. Failures come back in the login shape. */
export async function logIn(email: string, password: string, otp?: string): Promise<LoginResponse & { status: number; retryAfter: number | null }> {
  const response = await fetch(`${apiBaseUrl()}/login`, {
    method: "POST",
    cache: "no-store",
    headers: { "Content-Type": "application/json", "X-Gauge-Client": "dashboard", ...forwardedRequestHeaders(await currentSource()) },
    body: JSON.stringify({ email, contraseña: password, ...(otp ? { otp } : {}) }),
  });
  const body = LoginResponse.parse(await response.json());
  return { ...body, status: response.status, retryAfter: Number(response.headers.get("Retry-After")) || null };
}

/** The answer of one of the API's calls without a Token (joining, first start, single sign-on, password reset): its status and JSON. */
interface UntokenedAnswer {
  status: number;
  body: { errorMessage?: string; details?: { path: string; message: string }[]; [field: string]: unknown };
}

/** POSTs JSON to a call of the API that takes no Token (and costs no call). */
export async function postUntokened(path: string, body: unknown): Promise<UntokenedAnswer> {
  const response = await fetch(`${apiBaseUrl()}${path}`, {
    method: "POST",
    cache: "no-store",
    headers: { "Content-Type": "application/json", "X-Gauge-Client": "dashboard", ...forwardedRequestHeaders(await currentSource()) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: ((await response.json().catch(() => null)) ?? {}) as UntokenedAnswer["body"] };
}

/** Why an untokened call failed: its first field's message, else its own. */
const failureOf = ({ status, body }: UntokenedAnswer, fallback: string) => ({
  ok: false as const,
  status,
  errorMessage: body.details?.[0]?.message ?? body.errorMessage ?? fallback,
});

/** POST /rest/invitations/accept: joins an account with an invitation and logs in. Not counted. */
export async function acceptInvitation(
  token: string,
  password: string,
): Promise<{ ok: true; email: string; token: string } | { ok: false; status: number; errorMessage: string }> {
  const answer = await postUntokened("/invitations/accept", { token, password });
  const { email, token: session } = answer.body as { email?: string; token?: string };
  return answer.status === 200 && session ? { ok: true, email: email ?? "", token: session } : failureOf(answer, "Could not join");
}

/** GET /rest/setup: whether the installation still needs its first admin, and whether any account signs in with SSO. */
export async function setupStatus(): Promise<SetupStatus> {
  const response = await fetch(`${apiBaseUrl()}/setup`, { cache: "no-store" });
  return response.ok ? SetupStatus.parse(await response.json()) : { needed: false, singleSignOn: false };
}

/** POST /rest/invitations/lookup: what an open invitation is for, or null when it is not open. */
export async function invitationDetails(token: string): Promise<InvitationDetails | null> {
  const answer = await postUntokened("/invitations/lookup", { token });
  return answer.status === 200 ? InvitationDetails.parse(answer.body) : null;
}

/** POST /rest/setup: creates the first admin and logs in. */
export async function createFirstAdmin(
  email: string,
  password: string,
): Promise<{ ok: true; token: string } | { ok: false; status: number; errorMessage: string }> {
  const answer = await postUntokened("/setup", { email, password });
  const { token } = answer.body as { token?: string };
  return answer.status === 200 && token ? { ok: true, token } : failureOf(answer, "Could not set up");
}

export type CallOptions<E extends EndpointName> = { body?: BodyOf<E>; headers?: Record<string, string> };

/** Reads the API refused (at the call limit) and that the cache answered with older data. */
export interface StaleInfo {
  asOf: string;
  liveAgainAt: string | null;
}

/**
 * The API as one user sees it: every endpoint of the table, typed and zod-parsed. Reads go
 * through the shared cache: a scorecard's reads are shared by the account's users (served only
 * after access/info, which costs no call, confirms this user may read that scorecard); other
 * reads are kept per user. At the call limit a read answers with its last value, and `stale`
 * says since when.
 */
export function createKpiClient(token: string, options: { db?: () => Promise<ReadStore>; now?: () => Date } = {}) {
  const database = options.db ?? appReadStore;
  const now = options.now ?? (() => new Date());
  const stale: StaleInfo[] = [];

  async function request<E extends EndpointName>(name: E, input: InputOf<E>, options: CallOptions<E>, etag: string | null = null) {
    const endpoint = endpoints[name];
    const { base, loopback } = apiTarget();
    const response = await fetch(`${base}${endpointUrl(endpoint.path, input as object)}`, {
      method: endpoint.method,
      cache: "no-store",
      headers: {
        // A person's call, labelled for the history: held to the per-person rate, never spending the account's pool.
        ...dashboardCallHeaders(token),
        ...forwardedRequestHeaders(await currentSource()),
        // This same server over loopback: compressing an answer to inflate it again is work for nothing.
        ...(loopback ? { "Accept-Encoding": "identity" } : {}),
        ...(options.body === undefined ? {} : { "Content-Type": "application/json" }),
        ...(etag === null ? {} : { "If-None-Match": etag }),
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    if (response.status === 304) return { notModified: true as const };
    const schemas = schemasOf(endpoint);
    // This same server answers as its contract says (the API's access test holds every answer to
    // its schema): its answer is read once, unchecked, and its text is what the cache keeps.
    if (loopback && response.ok && schemas.response) {
      const text = await response.text();
      return { value: JSON.parse(text) as ResponseOf<E>, text, etag: response.headers.get("ETag") };
    }
    const json = await decodeResponse(response, "The KPI API call");
    return { value: (schemas.response ? schemas.response.parse(json) : null) as ResponseOf<E>, etag: response.headers.get("ETag") };
  }

  async function send<E extends EndpointName>(name: E, input: InputOf<E>, options: CallOptions<E>): Promise<ResponseOf<E>> {
    const answer = await request(name, input, options);
    if ("notModified" in answer) throw new Error(`${name}: 304 to a request that sent no validator`);
    return answer.value;
  }

  // Who this token is, and its access to each scorecard: asked once per client (never counted),
  // so a revoked token or a withdrawn share is never answered from the cache. Any answer says who
  // the caller is: asking without a scorecard takes the first one asked.
  const callers = new Map<number | undefined, Promise<AccessInfo>>();
  const whoAmI = (docId?: number) => {
    if (docId === undefined && callers.size > 0) return callers.values().next().value!;
    if (!callers.has(docId)) callers.set(docId, send("budget", (docId === undefined ? {} : { docId }) as never, {}) as Promise<AccessInfo>);
    return callers.get(docId)!;
  };
  const docOf = (input: unknown) => (input as { docId?: number }).docId;
  // A scorecard's reads are the account's; every other read is its user's, under what that user
  // may see now, so a changed share or role reaches every cached read it affects at once.
  const scopeOf = (me: AccessInfo, shared: boolean) => (shared ? accountScope(me) : `${accountScope(me)}/user:${me.userId}/${me.accessVersion}`);

  async function call<E extends EndpointName>(name: E, input: InputOf<E>, options: CallOptions<E> = {}): Promise<ResponseOf<E>> {
    const endpoint = endpoints[name] as AnyEndpoint;
    const docId = docOf(input);
    if (endpoint.kind === "read") {
      // Who the caller is: asked once per client (one server request) however many parts of the page ask.
      if (name === "budget") return whoAmI(docId) as Promise<ResponseOf<E>>;
      if (endpoint.live) return send(name, input, options);
      const me = await whoAmI(docId);
      // No access (or no such scorecard): the 404 the API would answer, without spending a call on it.
      if (docId !== undefined && !me.scorecardAccess)
        throw new ApiCallError(404, { success: false, errorMessage: "Scorecard not found", code: "not_found", details: [] });
      const shared = docId !== undefined && !endpoint.perCaller;
      const load = (etag: string | null) => request(name, input, options, etag);
      const read = await cachedRead(await database(), scopeOf(me, shared), endpoint.key(input as never), load, isCallLimit, now);
      if (read instanceof StaleRead) {
        const error = read.error as ApiCallError;
        stale.push({
          asOf: read.fetchedAt.toISOString(),
          liveAgainAt: error.retryAfterSeconds ? new Date(now().getTime() + error.retryAfterSeconds * 1000).toISOString() : null,
        });
      }
      return read.value as ResponseOf<E>;
    }
    let result: ResponseOf<E>;
    try {
      result = await send(name, input, options);
    } catch (error) {
      // A refused write (4xx) changed nothing; after any other failure its outcome is unknown. A
      // conflict (409) says the API knows what the kept reads do not (a lock, a KPI now
      // calculated): the scorecard's reads are read again, its tree with them.
      if (!(error instanceof ApiCallError && error.status < 500)) await markChanged(endpoint, input);
      else if (error.status === 409) await markChanged(endpoint, input, true);
      throw error;
    }
    await markChanged(endpoint, input);
    return result;
  }

  /** A write's stale keys may sit in the account's scope (its scorecard's reads) and in any of its users'. */
  async function markChanged(endpoint: WriteSpec<OperationName>, input: unknown, withTree = false) {
    const me = await whoAmI().catch(() => null);
    const docId = (input as { docId?: unknown } | undefined)?.docId;
    const tree = withTree && typeof docId === "number" ? [keys.tree(docId)] : [];
    if (me) await markStale(await database(), accountScope(me), [...endpoint.stale(input as never), ...tree]);
  }

  const methods = Object.fromEntries(
    Object.keys(endpoints).map((name) => [name, (input: never, options?: never) => call(name as EndpointName, input, options)]),
  ) as unknown as { [E in EndpointName]: (input: InputOf<E>, options?: CallOptions<E>) => Promise<ResponseOf<E>> };
  return { call, ...methods, staleReads: () => [...stale] };
}

export type KpiClient = ReturnType<typeof createKpiClient>;

const accountScope = (me: AccessInfo) => `account:${me.accountId}`;

const isCallLimit = (error: unknown) => error instanceof ApiCallError && error.status === 429;
