import "server-only";
import { createHmac, randomBytes } from "node:crypto";
import { lookup as dnsLookup } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { isForbiddenAddress } from "./address-guard";

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

/**
 * POSTs a signed event. Redirects are not followed (they count as failures), and unless private
 * addresses are allowed, the address actually connected to is checked as it is resolved.
 */
export function sendEvent(url: string, secret: string, id: string, body: string, options: { allowPrivate: boolean; now: Date }): Promise<SendResult> {
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, "");
  if (!options.allowPrivate && isIP(host) && isForbiddenAddress(host)) {
    return Promise.resolve({ status: null, retryAfterSeconds: null, error: "The URL points to an internal address" });
  }
  const guardedLookup: LookupFunction = (hostname, lookupOptions, callback) =>
    dnsLookup(hostname, { ...lookupOptions, all: false }, (err, address, family) => {
      if (!err && !options.allowPrivate && isForbiddenAddress(address as string)) {
        return callback(Object.assign(new Error("The host resolves to an internal address"), { code: "EFORBIDDEN" }), "", 0);
      }
      callback(err, address as string, family as number);
    });
  const timestamp = Math.floor(options.now.getTime() / 1000);
  const client = target.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    const request = client.request(
      target,
      {
        method: "POST",
        lookup: guardedLookup,
        timeout: DELIVERY_TIMEOUT_MS,
        headers: {
          "Content-Type": "application/json",
          "Content-Length": Buffer.byteLength(body),
          "User-Agent": "Gauge-Webhooks/1.0",
          "webhook-id": id,
          "webhook-timestamp": String(timestamp),
          "webhook-signature": signature(secret, id, timestamp, body),
        },
      },
      (response) => {
        response.resume();
        const retryAfter = Number(response.headers["retry-after"]);
        resolve({
          status: response.statusCode ?? null,
          retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
          error: null,
        });
      },
    );
    request.on("timeout", () => request.destroy(new Error(`No answer within ${DELIVERY_TIMEOUT_MS / 1000} s`)));
    request.on("error", (error) => resolve({ status: null, retryAfterSeconds: null, error: error.message }));
    request.end(body);
  });
}
