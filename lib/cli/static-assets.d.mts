import type { IncomingMessage, ServerResponse } from "node:http";

export function precompressStatic(distDir: string): Promise<void>;
export function pickEncoding(acceptEncoding?: string): { name: "br" | "gzip"; suffix: string } | null;
export function staticAssets(distDir: string): (req: IncomingMessage, res: ServerResponse) => boolean;
