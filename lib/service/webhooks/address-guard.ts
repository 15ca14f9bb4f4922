import "server-only";
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

// Where a webhook may never be sent: loopback, private, link-local (cloud metadata), CGNAT,
// multicast, unspecified, documentation and other reserved ranges, IPv4 and IPv6.
const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12],
  ["192.0.0.0", 24], ["192.0.2.0", 24], ["192.88.99.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15], ["198.51.100.0", 24],
  ["203.0.113.0", 24], ["224.0.0.0", 4], ["240.0.0.0", 4],
] as const) blocked.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128], ["::1", 128], ["64:ff9b::", 96], ["64:ff9b:1::", 48], ["100::", 64], ["2001::", 23], ["2001:db8::", 32],
  ["2002::", 16], ["fc00::", 7], ["fe80::", 10], ["fec0::", 10], ["ff00::", 8],
] as const) blocked.addSubnet(net, prefix, "ipv6");

/** The IPv4 address inside an IPv4-mapped or -compatible IPv6 address, if any. */
function embeddedIpv4(address: string): string | null {
  const match = /^::(?:ffff:)?(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (!match) return null;
  if (match[1]) return match[1];
  const hi = parseInt(match[2]!, 16);
  const lo = parseInt(match[3]!, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family !== 6) return true;
  const v4 = embeddedIpv4(address);
  return v4 ? blocked.check(v4, "ipv4") : blocked.check(address, "ipv6");
}

export class ForbiddenAddressError extends Error {}

/** Resolves a URL's host and refuses it when any of its addresses is internal. */
export async function checkWebhookUrl(url: string, allowPrivate: boolean): Promise<void> {
  const parsed = new URL(url);
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new ForbiddenAddressError("Only http and https URLs are allowed");
  if (parsed.username || parsed.password) throw new ForbiddenAddressError("URLs with credentials are not allowed");
  if (allowPrivate) return;
  const host = parsed.hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true }).catch(() => [])).map((a) => a.address);
  if (addresses.length === 0) throw new ForbiddenAddressError(`The host ${host} does not resolve`);
  if (addresses.some(isForbiddenAddress)) throw new ForbiddenAddressError("The URL points to an internal address");
}
