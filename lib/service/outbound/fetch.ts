import "server-only";
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { Readable } from "node:stream";
import { OutboundRefusal, pinnedAddress, pinnedLookup, type Reach } from "./reach";

interface OutboundInit {
  method?: string;
  headers?: Record<string, string> | Headers;
  body?: string | Uint8Array | URLSearchParams | null;
  signal?: AbortSignal | null;
}

const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * fetch() through the outbound guard: the host is resolved once and checked, and the connection
 * goes to that address (TLS still verifies the certificate for the name). Redirects are returned,
 * never followed, so that a caller checks each target as it checked the first. Global fetch takes
 * no lookup of its own (its dispatcher is undici's, which this project does not depend on), hence
 * node:http underneath.
 */
export async function guardedFetch(input: string | URL, init: OutboundInit, reach: Reach): Promise<Response> {
  const url = new URL(input);
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new OutboundRefusal("Only http and https URLs are read");
  const address = await pinnedAddress(url.hostname, reach);
  const headers = Object.fromEntries(new Headers(init.headers ?? {}).entries());
  const body = init.body == null ? undefined : typeof init.body === "string" || init.body instanceof Uint8Array ? init.body : init.body.toString();
  const name = url.hostname.replace(/^\[|\]$/g, "");
  const client = url.protocol === "https:" ? https : http;
  return new Promise<Response>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: init.method ?? "GET",
        headers: body === undefined ? headers : { ...headers, "content-length": String(Buffer.byteLength(body)) },
        lookup: pinnedLookup(address),
        ...(url.protocol === "https:" && !isIP(name) ? { servername: name } : {}),
        signal: init.signal ?? undefined,
      },
      (response) => {
        const status = response.statusCode ?? 502;
        const answerHeaders = new Headers();
        for (const [key, value] of Object.entries(response.headers)) {
          for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) answerHeaders.append(key, one);
        }
        const stream = NO_BODY.has(status) || init.method === "HEAD" ? null : (Readable.toWeb(response) as ReadableStream<Uint8Array>);
        if (!stream) response.resume();
        resolve(new Response(stream, { status, statusText: response.statusMessage, headers: answerHeaders }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}
