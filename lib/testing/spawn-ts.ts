import { spawn } from "node:child_process";

/**
 * Runs a TypeScript file in a node process of its own (not behind npx), so that a signal sent
 * to the child reaches the process doing the work.
 */
export const spawnTs = (file: string, args: string[], env: Record<string, string> = {}) =>
  spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", file, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...env },
  });
