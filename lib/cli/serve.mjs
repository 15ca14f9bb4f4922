// The production start (systemd, a container, any supervisor): serves the build `npm run build`
// made, and never builds. Run as `node lib/cli/serve.mjs`, so that the supervisor's SIGTERM reaches
// the server itself; a missing or stale build is refused with the command that makes one, before
// any port is open.
import { buildState } from "./build-state.mjs";
import { serve } from "./server.mjs";

const state = buildState();
if (!state.built) {
  console.error(`[gauge] cannot start: ${state.why}; run npm run build first (a production start never builds)`);
  process.exit(1);
}

await serve({ port: Number(process.env.PORT ?? 3000) });
