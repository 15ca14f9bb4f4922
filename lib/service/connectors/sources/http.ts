import "server-only";
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { QueryRefusal } from "./sql-text";
import type { Limits } from "./limits";
import { isForbiddenAddress } from "../../webhooks/address-guard";

/**
 * The operator's allow list (CONNECTOR_ALLOWED_HOSTS): host names, addresses and CIDRs a
 * connector may reach although they are private (databases usually live on the LAN).
 */
export function allowList(entries: string[]) {
  const names = new Set<string>();
  const nets = new BlockList();
  for (const entry of entries.map((e) => e.trim().toLowerCase()).filter(Boolean)) {
    const [net, prefix] = entry.split("/");
    const family = isIP(net!);
    if (family && prefix !== undefined) nets.addSubnet(net!, Number(prefix), family === 4 ? "ipv4" : "ipv6");
    else if (family) nets.addAddress(net!, family === 4 ? "ipv4" : "ipv6");
    else names.add(entry);
  }
  return {
    allows: (host: string, address?: string) =>
      names.has(host.toLowerCase()) || (address !== undefined && isIP(address) !== 0 && nets.check(address, isIP(address) === 4 ? "ipv4" : "ipv6")),
  };
}
type AllowList = ReturnType<typeof allowList>;

/** Refuses a source whose host is (or resolves to) a private, loopback or reserved address, unless allowed. */
export async function checkSourceHost(hostname: string, allowed: AllowList): Promise<void> {
  const host = hostname.replace(/^\[|\]$/g, "");
  if (allowed.allows(host)) return;
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true }).catch(() => [])).map((a) => a.address);
  if (addresses.length === 0) throw new QueryRefusal(`The host ${host} does not resolve`);
  const internal = addresses.filter((a) => isForbiddenAddress(a) && !allowed.allows(host, a));
  if (internal.length) {
    throw new QueryRefusal(`${host} is a private or internal address: an operator may allow it by listing it in CONNECTOR_ALLOWED_HOSTS`);
  }
}

const MAX_REDIRECTS = 5;

/**
 * The source's answer, following up to 5 redirects (a published Google Sheet answers with one),
 * each target checked as the first was; headers (an API key) go only to the URL's own origin.
 */
async function follow(url: URL, headers: Record<string, string>, limits: Limits, allowed: AllowList): Promise<Response> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let at = url;
  for (let hop = 0; ; hop++) {
    if (at.protocol !== "http:" && at.protocol !== "https:") throw new QueryRefusal("Only http and https URLs are read");
    await checkSourceHost(at.hostname, allowed);
    let response: Response;
    try {
      response = await fetch(at, { headers: { "User-Agent": "Gauge connector", ...(at.origin === url.origin ? headers : {}) }, redirect: "manual", signal });
    } catch (error) {
      const reason = (error as Error).name === "TimeoutError" ? `no answer within ${limits.timeoutMs / 1000} s` : ((error as Error & { cause?: Error }).cause?.message ?? (error as Error).message);
      throw new QueryRefusal(`Could not read ${at.host}: ${reason}`);
    }
    const location = response.headers.get("location");
    if (response.status < 300 || response.status >= 400 || !location) return response;
    await response.body?.cancel().catch(() => {});
    if (hop === MAX_REDIRECTS) throw new QueryRefusal(`The source redirected more than ${MAX_REDIRECTS} times`);
    at = new URL(location, at);
  }
}

/** The source's answer: its bytes (at most the cap) and its content type. */
export async function fetchSource(url: string, headers: Record<string, string>, limits: Limits, allowed: AllowList): Promise<{ bytes: Buffer; type: string }> {
  const response = await follow(new URL(url), headers, limits, allowed);
  if (!response.ok) throw new QueryRefusal(`The source answered ${response.status} ${response.statusText}`.trim());
  const declared = Number(response.headers.get("content-length") ?? 0);
  const tooBig = () => new QueryRefusal(`The answer is larger than ${limits.maxBytes / 1024 / 1024} MiB: narrow it at the source`);
  if (declared > limits.maxBytes) throw tooBig();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.length;
    if (size > limits.maxBytes) {
      await response.body?.cancel().catch(() => {});
      throw tooBig();
    }
    chunks.push(Buffer.from(chunk));
  }
  return { bytes: Buffer.concat(chunks), type: response.headers.get("content-type") ?? "" };
}
