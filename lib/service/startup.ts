import "server-only";
import { dashboardUrl, loadConfig, mailConfig, serverConfigProblem } from "@/lib/config";
import { getDatabase } from "@/lib/db";
import { demoLogin, getApi } from "./instance";
import { startWebhookWorker } from "./webhooks/worker";
import { startAdminChannel } from "./admin-channel";
import { startReminderScheduler } from "./notifications/reminders";
import { startConnectorScheduler } from "./connectors/scheduler";
import { startForecastAlerts } from "./forecast/alerts";
import { sealingProblem } from "./sealing-check";
import { outboxDepth } from "./webhooks/outbox-depth";
import { operations } from "@/lib/cli/operations.mjs";
import { startRunRequests } from "./connectors/hand-off";

/** Ends a start that cannot serve: one line naming the problem, status 1, before any port is open. */
function cannotStart(problem: string): never {
  console.error(`[gauge] cannot start: ${problem}`);
  process.exit(1);
}

/** The configuration a server can run with, or the end of the start. */
function serverConfig() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    return cannotStart((error as Error).message);
  }
  const problem = serverConfigProblem(config);
  return problem ? cannotStart(problem) : config;
}

/** Runs once when the server starts: check the settings, migrate, seed on first run, say where to go. */
export async function startServer(): Promise<void> {
  const config = serverConfig();
  let api: Awaited<ReturnType<typeof getApi>>;
  try {
    api = await getApi();
  } catch (error) {
    return cannotStart((error as Error).message);
  }
  try {
    await startWith(config, api);
  } catch (error) {
    cannotStart((error as Error).message);
  }
  operations.started = true;
}

/** The rest of a start, once the database is open: what any failure of it ends. */
async function startWith(config: ReturnType<typeof serverConfig>, api: Awaited<ReturnType<typeof getApi>>) {
  const sealing = await sealingProblem(api.deps);
  if (sealing) cannotStart(sealing);
  const database = await getDatabase();
  const { db } = database;
  // Time-based work runs in worker processes (and in the one process of GAUGE_ROLE=all); a web
  // process only serves, so a slow connector never holds up a page.
  if (config.GAUGE_ROLE !== "web") {
    const workers = [
      startWebhookWorker({ db, allowPrivate: config.WEBHOOK_ALLOW_PRIVATE, retryScale: config.WEBHOOK_RETRY_SCALE, mail: mailConfig(config) }),
      startReminderScheduler({ db, dashboardUrl: dashboardUrl(config), mail: mailConfig(config) !== null }),
      startConnectorScheduler({ deps: api.deps }),
      startRunRequests(api.deps),
      startForecastAlerts(api.deps),
    ];
    // On SIGTERM each finishes the pass it is in (what it claimed is done or its lease runs out) and stops.
    operations.shutdownHooks.push(async () => void (await Promise.all(workers.map((worker) => worker.stop()))));
  }
  operations.addGauge("gauge_outbox_depth", "Webhook and e-mail deliveries waiting to be attempted", () => outboxDepth(db));
  if (database.poolStats)
    operations.addGauge("gauge_db_pool_waiting", "Queries waiting for a database connection of this process", async () => database.poolStats!().waiting);
  if (database.poolStats)
    operations.addGauge("gauge_db_pool_connections", "Open database connections of this process", async () => database.poolStats!().total);
  // With PostgreSQL the CLI opens the database itself; the embedded one it reaches through us.
  if (!config.DATABASE_URL) await startAdminChannel(db, config.DATA_DIR);
  const where = config.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `embedded database in ${config.DATA_DIR}`;
  const address = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  console.log(
    `[gauge] ready on ${address} (${config.GAUGE_ROLE === "all" ? "serving and running connectors, alerts and deliveries" : config.GAUGE_ROLE === "web" ? "web: serving only" : "worker: connectors, alerts and deliveries"}) using the ${where}`,
  );
  if (!config.PUBLIC_URL && !config.TRUST_PROXY)
    console.log(
      `[gauge] links for other machines follow each request's address, and alerts, reminders and other e-mails sent in the background link to ${address}: set PUBLIC_URL to the address people use (behind a proxy, TRUST_PROXY too)`,
    );
  const login = demoLogin();
  if (login) console.log(`[gauge] demo login: ${login}`);
  console.log(`[gauge] API reference: ${address}/rest/docs`);
}
