import "server-only";
import { dashboardUrl, demoDataWanted, loadConfig, mailConfig } from "@/lib/config";
import { dashboardProofKey } from "@/lib/dashboard-proof";
import { keptSecret } from "@/lib/kept-secret";
import { getDatabase } from "@/lib/db";
import { demoOnStart } from "./admin";
import { createApi, type Api } from "./app";
import { createODataApp } from "./odata/app";
import { createScimApp } from "./scim/app";
import { dnsTxt } from "./sign-in/domain-claims";

const globalForApi = globalThis as {
  gaugeApi?: Promise<Api>;
  gaugeOData?: Promise<ReturnType<typeof createODataApp>>;
  gaugeScim?: Promise<ReturnType<typeof createScimApp>>;
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

/** The process's OData service, on the API's own dependencies. */
export function getOData() {
  globalForApi.gaugeOData ??= getApi()
    .then((api) => createODataApp(api.deps))
    .catch((error) => {
      globalForApi.gaugeOData = undefined;
      throw error;
    });
  return globalForApi.gaugeOData;
}

/** The process's SCIM service, on the API's own dependencies. */
export function getScim() {
  globalForApi.gaugeScim ??= getApi()
    .then((api) => createScimApp(api.deps))
    .catch((error) => {
      globalForApi.gaugeScim = undefined;
      throw error;
    });
  return globalForApi.gaugeScim;
}
