import type { IncomingMessage } from "node:http";
import type { Logger } from "pino";
import type { Counter, Histogram, Registry } from "prom-client";

export const operations: {
  registry: Registry;
  logger: Logger;
  requests: Counter<"method" | "route" | "status">;
  durations: Histogram<"method" | "route" | "status">;
  callsSpent: Counter;
  callsRefused: Counter;
  personRequests: Counter<"outcome">;
  connectorRuns: Counter<"trigger" | "outcome">;
  started: boolean;
  shutdownHooks: (() => Promise<void>)[];
  addGauge(name: string, help: string, read: () => Promise<number>): void;
};
export function requestIdOf(req: IncomingMessage): string;
export function routeLabel(url: string | undefined, status?: number): string;
