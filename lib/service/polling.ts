import "server-only";

/**
 * Runs `pass` every `everyMs` until stopped, never two at once in this process (a pass still
 * running when the next is due is not doubled). A failed pass is reported and the next one runs.
 * What several processes must not do twice, each pass claims in the database.
 */
export function startPolling(name: string, pass: () => Promise<unknown>, everyMs: number) {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = pass()
      .catch((error) => console.error(`[${name}] pass failed:`, error))
      .finally(() => (running = null));
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
