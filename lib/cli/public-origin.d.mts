import type { IncomingMessage } from "node:http";

export const ORIGIN_HEADER: "x-gauge-origin";
export const CLIENT_ADDRESS_HEADER: "x-gauge-client-address";
export function parseTrustProxy(value: string | undefined): (address: string, hop: number) => boolean;
export function originResolver(options: {
  publicUrl?: string;
  trustProxy?: string;
  fallback: string;
}): (req: IncomingMessage) => { origin: string; clientAddress: string };
export function stampOrigin(req: IncomingMessage, resolve: (req: IncomingMessage) => { origin: string; clientAddress: string }): string;
