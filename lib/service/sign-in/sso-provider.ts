import "server-only";
import * as client from "openid-client";
import type { ssoConfigs } from "@/lib/db/schema";
import type { Deps } from "../context";
import { allowList } from "../outbound/addresses";
import { guardedFetch } from "../outbound/fetch";
import { OutboundRefusal, systemResolve, type Reach } from "../outbound/reach";
import { openText, sealText } from "../sealed-text";
import { signInSecret } from "./sealing-key";

// The OpenID Connect client is openid-client: discovery, PKCE, and every check of the code
// exchange and the ID token (signature, issuer, audience, expiry, nonce) are its. Every request it
// makes goes through the outbound guard: an admin's issuer may not reach inside the network.

export const SSO_SEAL_PURPOSE = "gauge-sso";
const PURPOSE = SSO_SEAL_PURPOSE;
const METADATA_TTL_MS = 5 * 60_000;
const metadataByIssuer = new Map<string, { at: number; metadata: client.ServerMetadata }>();

export const sealClientSecret = (deps: Deps, secret: string) => sealText(signInSecret(deps), PURPOSE, secret);

const isLoopback = (url: URL) => url.hostname === "localhost" || url.hostname === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(url.hostname);

/** Where an SSO provider may be: public addresses, and the private ones SSO_ALLOWED_HOSTS lists. */
const ssoReach = (deps: Deps): Reach => ({
  allowed: allowList(deps.config.ssoAllowedHosts ?? []),
  resolve: deps.config.resolveHost ?? systemResolve,
  refusal: (host) => `${host} is a private or internal address: the server's operator may allow it by listing it in SSO_ALLOWED_HOSTS`,
});

/** openid-client's fetch, through the guard (each request's host resolved once, checked, and connected to). */
const guarded =
  (reach: Reach): client.CustomFetch =>
  (url, options) =>
    guardedFetch(url, { method: options.method, headers: options.headers, body: options.body as string | null, signal: options.signal }, reach);

/** Plain HTTP is allowed only for a provider on this machine (development and tests). */
function insecureAllowed(issuer: string): boolean {
  const url = new URL(issuer);
  if (url.protocol === "https:") return false;
  if (isLoopback(url)) return true;
  throw new Error("the issuer must use https");
}

const UNREACHABLE = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "ECONNRESET", "EHOSTUNREACH", "ENETUNREACH", "UND_ERR_CONNECT_TIMEOUT"]);

/**
 * Why a provider could not be used, in a sentence of our own: what a network library says (an
 * address, a port, a certificate's details) is logged on the server, never answered, so the
 * answer tells no one what sits inside the network.
 */
export function providerProblem(error: unknown): string {
  let cause: unknown = error;
  for (let depth = 0; cause && depth < 5; depth++, cause = (cause as { cause?: unknown }).cause) {
    if (cause instanceof OutboundRefusal) return cause.message;
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (message === "the issuer must use https") return "the issuer must use https";
    if (typeof code === "string" && UNREACHABLE.has(code)) return "nothing answers at that address";
    if (typeof code === "string" && (code.startsWith("CERT_") || code.includes("SELF_SIGNED") || code.startsWith("ERR_TLS")))
      return "its TLS certificate is not trusted";
  }
  return "it did not answer with an OpenID discovery document";
}

/** The provider's discovery document, kept five minutes per issuer. */
export async function discoverIssuer(deps: Deps, issuer: string): Promise<client.ServerMetadata> {
  const kept = metadataByIssuer.get(issuer);
  if (kept && Date.now() - kept.at < METADATA_TTL_MS) return kept.metadata;
  const insecure = insecureAllowed(issuer);
  const config = await client.discovery(new URL(issuer), "discovery", undefined, undefined, {
    execute: insecure ? [client.allowInsecureRequests] : [],
    [client.customFetch]: guarded(ssoReach(deps)),
  });
  const metadata = config.serverMetadata();
  metadataByIssuer.set(issuer, { at: Date.now(), metadata });
  return metadata;
}

/**
 * The client for an account's provider. Its clock is the service's (deps.now), so the ID
 * token's times are judged by the same clock as everything else.
 */
export async function providerClient(deps: Deps, sso: typeof ssoConfigs.$inferSelect): Promise<client.Configuration> {
  const metadata = await discoverIssuer(deps, sso.issuer);
  const secret = openText(signInSecret(deps), PURPOSE, sso.clientSecret);
  if (secret === null) throw new Error("The SSO client secret cannot be read with this server's SIGN_IN_SECRET: an admin must enter it again");
  const basic = metadata.token_endpoint_auth_methods_supported?.includes("client_secret_basic") ?? true;
  const config = new client.Configuration(
    metadata,
    sso.clientId,
    { client_secret: secret, [client.clockSkew]: Math.round((deps.now().getTime() - Date.now()) / 1000) },
    basic ? client.ClientSecretBasic(secret) : client.ClientSecretPost(secret),
  );
  if (insecureAllowed(sso.issuer)) client.allowInsecureRequests(config);
  config[client.customFetch] = guarded(ssoReach(deps));
  return config;
}
