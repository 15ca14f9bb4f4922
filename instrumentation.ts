export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startServer } = await import("./lib/service/startup");
  await startServer();
  // The dashboard's own time-based work, in worker processes: keeping its cache of API reads bounded.
  if (process.env.GAUGE_ROLE === "web") return;
  const { appReadStore, startReadPruner } = await import("./lib/bff/read-cache");
  startReadPruner(await appReadStore());
}
