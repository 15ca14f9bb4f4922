import "server-only";
import { BlockList, isIP } from "node:net";

// Where nothing goes out to unless an operator allows it: loopback, private, link-local (cloud
// metadata), CGNAT, multicast, unspecified, documentation and other reserved ranges, IPv4 and IPv6.
const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  blocked.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const)
  blocked.addSubnet(net, prefix, "ipv6");

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

/**
 * An operator's allow list (CONNECTOR_ALLOWED_HOSTS): host names, addresses and CIDRs that may be
 * reached although private (databases usually live on the LAN). `everything` allows every address.
 */
export function allowList(entries: string[] | "everything") {
  const names = new Set<string>();
  const nets = new BlockList();
  for (const entry of entries === "everything" ? [] : entries.map((e) => e.trim().toLowerCase()).filter(Boolean)) {
    const [net, prefix] = entry.split("/");
    const family = isIP(net!);
    if (family && prefix !== undefined) nets.addSubnet(net!, Number(prefix), family === 4 ? "ipv4" : "ipv6");
    else if (family) nets.addAddress(net!, family === 4 ? "ipv4" : "ipv6");
    else names.add(entry);
  }
  return {
    allows: (host: string, address?: string) =>
      entries === "everything" ||
      names.has(host.toLowerCase()) ||
      (address !== undefined && isIP(address) !== 0 && nets.check(address, isIP(address) === 4 ? "ipv4" : "ipv6")),
  };
}
export type AllowList = ReturnType<typeof allowList>;
