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
export type AllowList = ReturnType<typeof allowList>;

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

/** The source's answer: its bytes (at most the cap) and its content type. */
export async function fetchSource(url: string, headers: Record<string, string>, limits: Limits, allowed: AllowList): Promise<{ bytes: Buffer; type: string }> {
  const parsed = new URL(url);
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new QueryRefusal("Only http and https URLs are read");
  await checkSourceHost(parsed.hostname, allowed);
  let response: Response;
  try {
    response = await fetch(parsed, { headers: { "User-Agent": "Gauge connector", ...headers }, redirect: "manual", signal: AbortSignal.timeout(limits.timeoutMs) });
  } catch (error) {
    const reason = (error as Error).name === "TimeoutError" ? `no answer within ${limits.timeoutMs / 1000} s` : ((error as Error & { cause?: Error }).cause?.message ?? (error as Error).message);
    throw new QueryRefusal(`Could not read ${parsed.host}: ${reason}`);
  }
  if (response.status >= 300 && response.status < 400) throw new QueryRefusal(`The source answered ${response.status} (a redirect): enter the address it points to`);
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
