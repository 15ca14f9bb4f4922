import "server-only";
import type { Deps } from "../context";
import { ApiError } from "../errors";

// Starting a single sign-on writes nothing (its state travels sealed), so its throttle is kept in
// the process's memory, per database handle (one per service instance): each web process allows
// this many per address.

/** Sign-ins started per client address in a minute: more than an office behind one NAT address starts at nine. */
export const SSO_STARTS_PER_MINUTE = 60;
const WINDOW_MS = 60_000;
/** Addresses remembered at most; the longest quiet are forgotten first. */
const KEPT_ADDRESSES = 10_000;

const startsByInstance = new WeakMap<Deps["db"], Map<string, number[]>>();

/** Counts a start from `address`, or refuses it (429 with the seconds to wait) when the address used up its minute. */
export function countSsoStart(deps: Deps, address: string | null): void {
  let starts = startsByInstance.get(deps.db);
  if (!starts) startsByInstance.set(deps.db, (starts = new Map()));
  const key = address ?? "unknown";
  const now = deps.now().getTime();
  const recent = (starts.get(key) ?? []).filter((at) => at > now - WINDOW_MS);
  if (recent.length >= SSO_STARTS_PER_MINUTE) {
    const retryAfter = Math.max(1, Math.ceil((recent[0]! + WINDOW_MS - now) / 1000));
    throw new ApiError(429, "rate_limited", `Too many sign-ins started from this address; try again in ${retryAfter} s`, [], {
      "Retry-After": String(retryAfter),
    });
  }
  recent.push(now);
  starts.delete(key);
  starts.set(key, recent);
  if (starts.size > KEPT_ADDRESSES) starts.delete(starts.keys().next().value!);
}
