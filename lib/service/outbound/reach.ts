import "server-only";
import { lookup } from "node:dns/promises";
import { isIP, type LookupFunction } from "node:net";
import { isForbiddenAddress, type AllowList } from "./addresses";

/** A host's addresses as DNS gives them (tests answer their own, to play a rebinding server). */
export type Resolve = (host: string) => Promise<string[]>;

export const systemResolve: Resolve = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** Where one kind of outbound connection may go: webhooks, connector sources, an SSO provider. */
export interface Reach {
  allowed: AllowList;
  resolve: Resolve;
  /** The refusal of an internal host, naming the setting that would allow it. */
  refusal: (host: string) => string;
}

/** A connection the guard refuses; its message is written for the person who set the address. */
export class OutboundRefusal extends Error {}

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, "");

/**
 * The one address a connection to `hostname` may use: resolved once, refused when any answer is
 * internal and not allowed. Connecting to this address (never resolving again) is what stops a
 * name that answers a public address to the check and an internal one to the connection.
 */
export async function pinnedAddress(hostname: string, reach: Reach): Promise<string> {
  const host = bare(hostname);
  if (!host) throw new OutboundRefusal("The address names no host");
  const addresses = isIP(host) ? [host] : await reach.resolve(host).catch(() => []);
  if (addresses.length === 0) throw new OutboundRefusal(`The host ${host} does not resolve`);
  if (!reach.allowed.allows(host) && addresses.some((a) => isForbiddenAddress(a) && !reach.allowed.allows(host, a)))
    throw new OutboundRefusal(reach.refusal(host));
  return addresses[0]!;
}

/** A lookup for node:net and node:tls that answers the pinned address and nothing else. */
export function pinnedLookup(address: string): LookupFunction {
  const family = isIP(address);
  return (_hostname, options, callback) => {
    if (options.all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
}
