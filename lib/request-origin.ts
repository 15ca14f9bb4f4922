import "server-only";
import { headers } from "next/headers";
import { dashboardUrl, loadConfig } from "@/lib/config";
import { CLIENT_ADDRESS_HEADER, ORIGIN_HEADER } from "@/lib/cli/public-origin.mjs";

/** Where the server says the request came from when no HTTP server of ours stamped it (next dev). */
const fallbackOrigin = () => dashboardUrl(loadConfig());

/**
 * The address the person reached Gauge at, as the HTTP server derived it (lib/cli/public-origin.mjs):
 * PUBLIC_URL, or the request's own host and, through trusted proxies, scheme. Links and redirects
 * made for this request start with it.
 */
export const originOf = (request: Request) => request.headers.get(ORIGIN_HEADER) ?? fallbackOrigin();

/** The same, in a server component or action. */
export async function requestOrigin(): Promise<string> {
  return (await headers()).get(ORIGIN_HEADER) ?? fallbackOrigin();
}

/** The client's address as the HTTP server derived it (through trusted proxies), if any. */
export async function clientAddress(): Promise<string | null> {
  return (await headers()).get(CLIENT_ADDRESS_HEADER);
}

/** Where the current request came from (its public origin and the client's address), for forwarding to the API; null outside a request's scope (a test, a script). */
export async function currentSource(): Promise<{ origin: string; address: string | null } | null> {
  try {
    return { origin: await requestOrigin(), address: await clientAddress() };
  } catch {
    return null;
  }
}
