import { spawn, type ChildProcess } from "node:child_process";

/** A production start of the suite's build, as a supervisor runs it. */
export interface GaugeProcess {
  url: string;
  proc: ChildProcess;
  /** Every line it printed, standard output and error. */
  output: string[];
  exited: Promise<number | null>;
  /** SIGTERM, and its exit. */
  stop(): Promise<void>;
}

let nextPort = 3400;

/** A port for the next process, for a caller that must name its address before it starts (a proxy in front of it). */
export const reserveGaugePort = () => nextPort++;

/**
 * Starts `node lib/cli/serve.mjs` with `env` on a port of its own; resolves once GET /rest/ready
 * answers 200, or rejects with what it printed when it exits first or is not ready within a minute.
 */
export async function startGauge(env: Record<string, string>, port = reserveGaugePort()): Promise<GaugeProcess> {
  const proc = spawn(process.execPath, ["lib/cli/serve.mjs"], {
    env: { ...process.env, LOG_LEVEL: "info", DEMO_DATA: "true", ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  for (const stream of [proc.stdout!, proc.stderr!]) stream.on("data", (chunk: Buffer) => output.push(...chunk.toString().split("\n").filter(Boolean)));
  const exited = new Promise<number | null>((resolve) => proc.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const server: GaugeProcess = { url, proc, output, exited, stop: async () => void (proc.exitCode === null && proc.kill("SIGTERM"), await exited) };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`the server exited ${proc.exitCode}:\n${output.join("\n")}`);
    const ready = await fetch(`${url}/rest/ready`).then(
      (r) => r.status,
      () => 0,
    );
    if (ready === 200) return server;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await server.stop();
  throw new Error(`not ready within 60 s:\n${output.join("\n")}`);
}
