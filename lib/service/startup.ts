import "server-only";
import { dashboardUrl, loadConfig, mailConfig } from "@/lib/config";
import { getDatabase } from "@/lib/db";
import { demoLogin, getApi } from "./instance";
import { startWebhookWorker } from "./webhooks/worker";
import { startAdminChannel } from "./admin-channel";
import { startReminderScheduler } from "./notifications/reminders";
import { startConnectorScheduler } from "./connectors/scheduler";
import { startForecastAlerts } from "./forecast/alerts";

/** Runs once when the server starts: migrate, seed on first run, say where to go. */
export async function startServer(): Promise<void> {
  const config = loadConfig();
  let api: Awaited<ReturnType<typeof getApi>>;
  try {
    api = await getApi();
  } catch (error) {
    console.error(`[gauge] could not start: ${(error as Error).message}`);
    process.exit(1);
  }
  const { db } = await getDatabase();
  startWebhookWorker({ db, allowPrivate: config.WEBHOOK_ALLOW_PRIVATE, retryScale: config.WEBHOOK_RETRY_SCALE, mail: mailConfig(config) });
  startReminderScheduler({ db, dashboardUrl: dashboardUrl(config), mail: mailConfig(config) !== null });
  startConnectorScheduler({ deps: api.deps });
  startForecastAlerts(api.deps);
  // With PostgreSQL the CLI opens the database itself; the embedded one it reaches through us.
  if (!config.DATABASE_URL) await startAdminChannel(db, config.DATA_DIR);
  const where = config.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `embedded database in ${config.DATA_DIR}`;
  console.log(`[gauge] ready on http://localhost:${config.PORT} using the ${where}`);
  const login = demoLogin();
  if (login) console.log(`[gauge] demo login: ${login}`);
  console.log(`[gauge] API reference: http://localhost:${config.PORT}/rest/docs`);
}
