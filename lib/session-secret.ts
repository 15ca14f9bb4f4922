import "server-only";
import { loadConfig } from "@/lib/config";
import { keptSecret } from "@/lib/kept-secret";

let cachedSecret: string | undefined;

/** SESSION_SECRET, or a secret generated once and kept under DATA_DIR: it seals the session cookie and keys the dashboard's proof. */
export function sessionSecret(): string {
  if (cachedSecret) return cachedSecret;
  const config = loadConfig();
  if (config.SESSION_SECRET) return (cachedSecret = config.SESSION_SECRET);
  return (cachedSecret = keptSecret(config.DATA_DIR, "session-secret"));
}
