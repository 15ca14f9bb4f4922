import "server-only";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { getIronSession, type SessionOptions } from "iron-session";
import { cookies } from "next/headers";
import { loadConfig } from "@/lib/config";

/** What the encrypted cookie holds; it never reaches the browser in readable form. */
export interface SessionData {
  token?: string;
  email?: string;
  /** Epoch milliseconds when the API token expires. */
  expiresAt?: number;
}

export const SESSION_COOKIE = "gauge_session";

let cachedSecret: string | undefined;

/** SESSION_SECRET, or a secret generated once and kept under DATA_DIR. */
function sessionSecret(): string {
  if (cachedSecret) return cachedSecret;
  const config = loadConfig();
  if (config.SESSION_SECRET) return (cachedSecret = config.SESSION_SECRET);
  const file = path.resolve(config.DATA_DIR, "session-secret");
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return (cachedSecret = readFileSync(file, "utf8").trim());
}

export function sessionOptions(): SessionOptions {
  return {
    password: sessionSecret(),
    cookieName: SESSION_COOKIE,
    ttl: loadConfig().TOKEN_TTL_HOURS * 3600,
    cookieOptions: { httpOnly: true, sameSite: "lax", secure: process.env.NODE_ENV === "production", path: "/" },
  };
}

type CookieStore = Awaited<ReturnType<typeof cookies>>;

/** The request's cookies as iron-session sees them, without the session cookie. */
const withoutSessionCookie = (store: CookieStore): CookieStore =>
  new Proxy(store, {
    get(target, property, receiver) {
      if (property === "get") return (name: string) => (name === SESSION_COOKIE ? undefined : target.get(name));
      const value = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });

/** The session; a cookie that cannot be unsealed (tampered with, or sealed with another secret) is no session. */
export async function getSession() {
  const store = await cookies();
  try {
    return await getIronSession<SessionData>(store, sessionOptions());
  } catch {
    return getIronSession<SessionData>(withoutSessionCookie(store), sessionOptions());
  }
}

/** Keeps a freshly issued API token in the session cookie. */
export async function startSession(token: string, email: string): Promise<void> {
  const session = await getSession();
  session.token = token;
  session.email = email.trim().toLowerCase();
  session.expiresAt = Date.now() + loadConfig().TOKEN_TTL_HOURS * 3_600_000;
  await session.save();
}
