import "server-only";
import { randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Db } from "@/lib/db/client";
import { runAdminCommand } from "./admin-commands";

/**
 * The embedded database allows one process. So that the CLI works while the server runs, the
 * server listens on loopback for CLI commands, and leaves the port and a secret in the data
 * folder (readable by its owner only): whoever can read that file could open the database anyway.
 */
const channelFile = (dataDir: string) => path.join(path.resolve(dataDir), "admin-channel.json");

export async function startAdminChannel(db: Db, dataDir: string): Promise<{ close(): Promise<void> }> {
  const secret = randomBytes(32).toString("base64url");
  const server: Server = createServer(async (request, response) => {
    const given = Buffer.from(request.headers.authorization ?? "");
    const expected = Buffer.from(`Bearer ${secret}`);
    const answer = (status: number, body: object) => response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
    if (request.method !== "POST" || given.length !== expected.length || !timingSafeEqual(given, expected)) return answer(403, { error: "Refused" });
    let body = "";
    for await (const chunk of request) body += chunk;
    try {
      const { argv } = JSON.parse(body) as { argv: string[] };
      answer(200, { message: await runAdminCommand(db, argv) });
    } catch (error) {
      const issues = (error as { issues?: { path: PropertyKey[]; message: string }[] }).issues;
      answer(400, { error: issues ? issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("\n") : (error as Error).message });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await writeFile(channelFile(dataDir), JSON.stringify({ port, secret }), { mode: 0o600 });
  server.unref();
  return {
    async close() {
      await rm(channelFile(dataDir), { force: true });
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Hands a command to the running server; null when no server left a channel. */
export async function sendToServer(dataDir: string, argv: string[]): Promise<string | null> {
  const channel = await readFile(channelFile(dataDir), "utf8").then(
    (text) => JSON.parse(text) as { port: number; secret: string },
    () => null,
  );
  if (!channel) return null;
  const response = await fetch(`http://127.0.0.1:${channel.port}/`, {
    method: "POST",
    headers: { Authorization: `Bearer ${channel.secret}`, "Content-Type": "application/json" },
    body: JSON.stringify({ argv }),
  }).catch(() => null);
  if (!response) return null;
  const body = (await response.json()) as { message?: string; error?: string };
  if (!response.ok) throw new Error(body.error ?? "The server refused the command");
  return body.message!;
}
