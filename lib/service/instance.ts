import "server-only";
import { dashboardUrl, loadConfig, mailConfig } from "@/lib/config";
import { getDatabase } from "@/lib/db";
import { seedDemoIfEmpty } from "./admin";
import { createApi, type Api } from "./app";

const globalForApi = globalThis as { gaugeApi?: Promise<Api> };

/** The process's API: opens the database, loads the demo on first run, builds the app. */
export function getApi(): Promise<Api> {
  globalForApi.gaugeApi ??= (async () => {
    const config = loadConfig();
    const { db } = await getDatabase();
    if (config.DEMO_DATA === "true" && (await seedDemoIfEmpty(db))) console.log("[gauge] loaded the demo data (demo@example.com / demo-password)");
    return createApi({
      db,
      now: () => new Date(),
      config: {
        rateLimitPerHour: config.RATE_LIMIT_PER_HOUR,
        tokenTtlHours: config.TOKEN_TTL_HOURS,
        passwordCost: 17,
        webhookAllowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
        dashboardUrl: dashboardUrl(config),
        mail: mailConfig(config),
      },
    });
  })().catch((error) => {
    globalForApi.gaugeApi = undefined;
    throw error;
  });
  return globalForApi.gaugeApi;
}
