import "server-only";
import { createHmac, randomBytes } from "node:crypto";
import { allowList } from "../outbound/addresses";
import { guardedFetch } from "../outbound/fetch";
import { systemResolve, type Reach, type Resolve } from "../outbound/reach";

export const newWebhookSecret = () => `whsec_${randomBytes(32).toString("base64")}`;
export const newEventId = () => `msg_${randomBytes(16).toString("base64url")}`;

/** Standard Webhooks: v1,base64(HMAC-SHA256(key, id.timestamp.body)), the key being the secret's base64 part. */
export function signature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

export interface SendResult {
  status: number | null;
  retryAfterSeconds: number | null;
  error: string | null;
}

export const DELIVERY_TIMEOUT_MS = 15_000;

/** Where webhooks go: public addresses only, unless WEBHOOK_ALLOW_PRIVATE (development and tests) allows every address. */
export const webhookReach = (allowPrivate: boolean, resolve: Resolve = systemResolve): Reach => ({
  allowed: allowList(allowPrivate ? "everything" : []),
  resolve,
  refusal: () => "The URL points to an internal address: an operator may allow internal addresses with WEBHOOK_ALLOW_PRIVATE=true",
});

/**
 * POSTs a signed event through the outbound guard (the address checked is the address connected
 * to). Redirects are not followed: they count as failures.
 */
export async function sendEvent(url: string, secret: string, id: string, body: string, options: { reach: Reach; now: Date }): Promise<SendResult> {
  const timestamp = Math.floor(options.now.getTime() / 1000);
  const signal = AbortSignal.timeout(DELIVERY_TIMEOUT_MS);
  try {
    const response = await guardedFetch(
      url,
      {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "User-Agent": "Gauge-Webhooks/1.0",
          "webhook-id": id,
          "webhook-timestamp": String(timestamp),
          "webhook-signature": signature(secret, id, timestamp, body),
        },
        body,
        signal,
      },
      options.reach,
    );
    await response.body?.cancel().catch(() => {});
    const retryAfter = Number(response.headers.get("retry-after"));
    return { status: response.status, retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null, error: null };
  } catch (error) {
    return { status: null, retryAfterSeconds: null, error: signal.aborted ? `No answer within ${DELIVERY_TIMEOUT_MS / 1000} s` : (error as Error).message };
  }
}
