// How a process stops when asked (SIGTERM from systemd, a container runtime or a supervisor; SIGINT
// from a terminal): it stops taking new connections, answers new requests on open ones with 503
// (so a load balancer moves on), finishes the requests in flight, runs the app's stop hooks (its
// workers finish their passes and hand back what they hold), and exits 0. Whatever is not done
// within the grace period is left: leases run out and another process takes the work up.
import { operations } from "./operations.mjs";

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref());

export function gracefulStop(server, { graceMs = Number(process.env.SHUTDOWN_GRACE_SECONDS ?? 25) * 1000 } = {}) {
  let stopping = false;
  let inFlight = 0;
  let idle = () => {};
  const settled = () => new Promise((resolve) => (inFlight === 0 ? resolve() : (idle = resolve)));

  async function stop(signal) {
    if (stopping) return;
    stopping = true;
    operations.logger.info({ signal, inFlight, graceSeconds: graceMs / 1000 }, "stopping: no new requests; finishing those in flight");
    server.close();
    server.closeIdleConnections();
    const deadline = wait(graceMs).then(() => "grace");
    const answered = await Promise.race([settled().then(() => "done"), deadline]);
    const hooks = await Promise.race([Promise.all(operations.shutdownHooks.map((hook) => hook())).then(() => "done"), deadline]);
    operations.logger.info({ requests: answered, workers: hooks }, "stopped");
    process.exit(0);
  }
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));

  return {
    /**
     * Counts a request in flight until its answer ends; true when it was answered 503 instead:
     * any request while the process is stopping, and the readiness probe until the app has started.
     */
    refuseOrTrack(req, res) {
      if (!stopping && !operations.started && req.url.split("?")[0] === "/rest/ready") {
        res.writeHead(503, { "Content-Type": "application/json", "Cache-Control": "no-store", "Retry-After": "1" });
        res.end(
          JSON.stringify({
            success: false,
            errorMessage: "This server is starting: settings, database and workers are being checked",
            code: "unavailable",
            details: [],
          }),
        );
        return true;
      }
      if (stopping) {
        res.writeHead(503, { "Content-Type": "application/json", "Cache-Control": "no-store", Connection: "close", "Retry-After": "1" });
        res.end(JSON.stringify({ success: false, errorMessage: "This server is stopping; send the request again", code: "unavailable", details: [] }));
        return true;
      }
      inFlight++;
      res.once("close", () => {
        inFlight--;
        if (stopping) server.closeIdleConnections();
        if (inFlight === 0) idle();
      });
      return false;
    },
  };
}
