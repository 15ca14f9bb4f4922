import "server-only";
import { dashboardUrl, demoDataWanted, loadConfig, mailConfig } from "@/lib/config";
import { dashboardProofKey } from "@/lib/dashboard-proof";
import { keptSecret } from "@/lib/kept-secret";
import { getDatabase } from "@/lib/db";
import { demoOnStart } from "./admin";
import { createApi, type Api } from "./app";
import { createODataApp } from "./odata/app";
import { createScimApp } from "./scim/app";
import { createMcpApp } from "./mcp/app";
import { dnsTxt } from "./sign-in/domain-claims";

const globalForApi = globalThis as {
  gaugeApi?: Promise<Api>;
  gaugeOData?: Promise<ReturnType<typeof createODataApp>>;
  gaugeScim?: Promise<ReturnType<typeof createScimApp>>;
  gaugeMcp?: Promise<ReturnType<typeof createMcpApp>>;
  demoLogin?: string | null;
};

/** The demo login to print at start, once getApi() has run: null unless this database holds the demo. */
export const demoLogin = () => globalForApi.demoLogin ?? null;

/** The process's API: opens the database, loads the demo on first run, builds the app. */
export function getApi(): Promise<Api> {
  globalForApi.gaugeApi ??= (async () => {
    const config = loadConfig();
    const { db } = await getDatabase();
    const demo = await demoOnStart(db, demoDataWanted(config));
    if (demo.loaded) console.log("[gauge] loaded the demo data");
    globalForApi.demoLogin = demo.login;
    return createApi({
      db,
      now: () => new Date(),
      config: {
        rateLimitPerHour: config.RATE_LIMIT_PER_HOUR,
        personRatePerWindow: config.PERSON_RATE_LIMIT,
        dashboardKey: dashboardProofKey(),
        tokenTtlHours: config.TOKEN_TTL_HOURS,
        passwordCost: 17,
        webhookAllowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
        dashboardUrl: dashboardUrl(config),
        mail: mailConfig(config),
        connectors: {
          secret: config.CONNECTOR_SECRET ?? keptSecret(config.DATA_DIR, "connector-secret"),
          allowedHosts: config.CONNECTOR_ALLOWED_HOSTS,
          handOff: config.GAUGE_ROLE === "web" ? { pickupSeconds: config.CONNECTOR_RUN_PICKUP_SECONDS } : undefined,
        },
        signInSecret: config.SIGN_IN_SECRET ?? keptSecret(config.DATA_DIR, "sign-in-secret"),
        ssoAllowedHosts: config.SSO_ALLOWED_HOSTS,
        resolveTxt: dnsTxt(config.DNS_SERVERS),
      },
    });
  })().catch((error) => {
    globalForApi.gaugeApi = undefined;
    throw error;
  });
  return globalForApi.gaugeApi;
}

/** One app built on the process's API, once: its OData service, its SCIM service, its MCP server. */
function builtOnApi<T>(slot: "gaugeOData" | "gaugeScim" | "gaugeMcp", make: (deps: Api["deps"]) => T): Promise<T> {
  const kept = globalForApi as Record<typeof slot, Promise<T> | undefined>;
  kept[slot] ??= getApi()
    .then((api) => make(api.deps))
    .catch((error) => {
      kept[slot] = undefined;
      throw error;
    });
  return kept[slot];
}

/** The process's OData service (/odata), on the API's own dependencies. */
export const getOData = () => builtOnApi("gaugeOData", createODataApp);

/** The process's SCIM service (/scim/v2), on the API's own dependencies. */
export const getScim = () => builtOnApi("gaugeScim", createScimApp);

/** The process's MCP server (/mcp), on the API's own dependencies. */
export const getMcp = () => builtOnApi("gaugeMcp", createMcpApp);
