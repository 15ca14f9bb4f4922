import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { sessionSecret } from "@/lib/session-secret";

/**
 * The header by which the dashboard's server shows the API that a call is a person's, made on
 * their behalf by the dashboard (the BFF), so that it is held to the per-person rate and never
 * spends the account's pooled calls. Its value is an HMAC of the call's token under a key derived
 * from the session secret: a script holding the same token cannot make it, and a proof made for
 * one token is worth nothing with another.
 */
export const DASHBOARD_PROOF_HEADER = "X-Gauge-Dashboard-Proof";

/** The key the proofs are made with: a purpose of its own, so a proof never doubles as anything sealed with the session secret. */
export const dashboardProofKey = (secret = sessionSecret()) => createHmac("sha256", secret).update("gauge dashboard proof v1").digest();

export const dashboardProof = (key: Buffer, token: string) => createHmac("sha256", key).update(token).digest("base64url");

/** Whether `proof` was made for `token` with `key`; false without a key (a server that accepts no proof counts every call). */
export function isDashboardProof(key: Buffer | undefined, token: string, proof: string | undefined): boolean {
  if (!key || !proof) return false;
  const expected = Buffer.from(dashboardProof(key, token));
  const given = Buffer.from(proof);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The headers of a person's call made by the dashboard's server: the token, the label for the history, and the proof. */
export const dashboardCallHeaders = (token: string) => ({
  Token: token,
  "X-Gauge-Client": "dashboard",
  [DASHBOARD_PROOF_HEADER]: dashboardProof(dashboardProofKey(), token),
});

/**
 * Where the person's request came from, forwarded by the dashboard's server to the API it calls
 * over loopback (where the request's own origin and peer are this machine), with its proof: the
 * public address links made for that request start with, and the client's address the activity
 * log records for a sign-in.
 */
const FORWARDED_ORIGIN_HEADER = "X-Gauge-Forwarded-Origin";
const FORWARDED_ADDRESS_HEADER = "X-Gauge-Forwarded-Address";
export const FORWARDED_PROOF_HEADER = "X-Gauge-Forwarded-Proof";

const forwarded = (origin: string, address: string) => `forwarded:${origin}\n${address}`;

/** The headers that forward the person's origin and address (none without an origin). */
export const forwardedRequestHeaders = (
  from: { origin: string; address: string | null } | null,
  key = from ? dashboardProofKey() : undefined,
): Record<string, string> =>
  from
    ? {
        [FORWARDED_ORIGIN_HEADER]: from.origin,
        [FORWARDED_ADDRESS_HEADER]: from.address ?? "",
        [FORWARDED_PROOF_HEADER]: dashboardProof(key!, forwarded(from.origin, from.address ?? "")),
      }
    : {};

/** What the dashboard's server forwarded, when its proof holds; null otherwise. */
export function provenForwarding(key: Buffer | undefined, header: (name: string) => string | undefined): { origin: string; address: string | null } | null {
  const origin = header(FORWARDED_ORIGIN_HEADER);
  const address = header(FORWARDED_ADDRESS_HEADER) ?? "";
  if (!origin || !isDashboardProof(key, forwarded(origin, address), header(FORWARDED_PROOF_HEADER))) return null;
  return { origin, address: address || null };
}
