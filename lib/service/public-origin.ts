import "server-only";
import { CLIENT_ADDRESS_HEADER, ORIGIN_HEADER } from "@/lib/cli/public-origin.mjs";
import { provenForwarding } from "@/lib/dashboard-proof";
import type { Deps } from "./context";

type Header = (name: string) => string | undefined;

/**
 * Where a request came from: what the dashboard's server forwarded with its proof (its calls come
 * over loopback), else what our HTTP server stamped on the request (lib/cli/public-origin.mjs).
 * A request with neither (a test, a route served without our server) has no origin or address.
 */
export function requestSource(deps: Deps, header: Header): { origin: string | null; address: string | null } {
  const proven = provenForwarding(deps.config.dashboardKey, header);
  return proven ?? { origin: header(ORIGIN_HEADER) ?? null, address: header(CLIENT_ADDRESS_HEADER) ?? null };
}

/** The service's dependencies for one request, with the links it makes pointing where the person is. */
export function depsForRequest(deps: Deps, header: Header): Deps {
  const { origin } = requestSource(deps, header);
  if (!origin || origin === deps.config.dashboardUrl) return deps;
  return { ...deps, config: { ...deps.config, dashboardUrl: origin } };
}
