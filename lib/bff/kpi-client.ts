import "server-only";
import { LoginResponse } from "@/lib/contract/auth";
import { loadConfig } from "@/lib/config";
import { endpoints, type AnyEndpoint, type BodyOf, type EndpointName, type InputOf, type ResponseOf } from "./endpoints";
import { decodeResponse, endpointUrl } from "./http";
import { schemasOf } from "./operation-schemas";
import { cachedRead, forgetReads } from "./read-cache";

export function apiBaseUrl(): string {
  const config = loadConfig();
  return (config.KPI_API_URL ?? `http://127.0.0.1:${config.PORT}/rest`).replace(/\/$/, "");
}

/** POST /rest/login: not counted against the call limit. Failures come back in the login shape. */
export async function logIn(email: string, password: string): Promise<LoginResponse & { status: number; retryAfter: number | null }> {
  const response = await fetch(`${apiBaseUrl()}/login`, {
    method: "POST",
    cache: "no-store",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, contraseña: password }),
  });
  const body = LoginResponse.parse(await response.json());
  return { ...body, status: response.status, retryAfter: Number(response.headers.get("Retry-After")) || null };
}

/** POST /rest/invitations/accept: joins an account with an invitation and logs in. Not counted. */
export async function acceptInvitation(token: string, password: string): Promise<{ ok: true; email: string; token: string } | { ok: false; status: number; errorMessage: string }> {
  const response = await fetch(`${apiBaseUrl()}/invitations/accept`, {
    method: "POST",
    cache: "no-store",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ token, password }),
  });
  const body = (await response.json()) as { token?: string; email?: string; errorMessage?: string; details?: { message: string }[] };
  if (response.ok && body.token) return { ok: true, email: body.email ?? "", token: body.token };
  return { ok: false, status: response.status, errorMessage: body.details?.[0]?.message ?? body.errorMessage ?? "Could not join" };
}

export type CallOptions<E extends EndpointName> = { body?: BodyOf<E>; headers?: Record<string, string> };

/** The API as one account sees it: every endpoint of the table, typed and zod-parsed. Reads are cached per account. */
export function createKpiClient(token: string, account: string) {
  async function send<E extends EndpointName>(name: E, input: InputOf<E>, options: CallOptions<E>): Promise<ResponseOf<E>> {
    const endpoint = endpoints[name];
    const schemas = schemasOf(endpoint);
    const response = await fetch(`${apiBaseUrl()}${endpointUrl(endpoint.path, input as object)}`, {
      method: endpoint.method,
      cache: "no-store",
      headers: { Token: token, ...(options.body === undefined ? {} : { "Content-Type": "application/json" }), ...options.headers },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const json = await decodeResponse(response, "The KPI API call");
    return (schemas.response ? schemas.response.parse(json) : null) as ResponseOf<E>;
  }

  // The read cache is shared by the account's sessions, so a hit must not serve a token that has
  // been revoked or has expired: the token is confirmed (access/info costs no call) once per client.
  let confirmed: Promise<unknown> | undefined;
  const confirmToken = () => (confirmed ??= send("budget", {}, {}));

  async function call<E extends EndpointName>(name: E, input: InputOf<E>, options: CallOptions<E> = {}): Promise<ResponseOf<E>> {
    const endpoint = endpoints[name] as AnyEndpoint;
    if (endpoint.kind === "read") {
      if (endpoint.live) return send(name, input, options);
      await confirmToken();
      return cachedRead(account, endpoint.key(input as never), () => send(name, input, options));
    }
    try {
      return await send(name, input, options);
    } finally {
      forgetReads(account, endpoint.stale(input as never));
    }
  }

  const methods = Object.fromEntries(
    Object.keys(endpoints).map((name) => [name, (input: never, options?: never) => call(name as EndpointName, input, options)]),
  ) as unknown as { [E in EndpointName]: (input: InputOf<E>, options?: CallOptions<E>) => Promise<ResponseOf<E>> };
  return { call, ...methods };
}

export type KpiClient = ReturnType<typeof createKpiClient>;
