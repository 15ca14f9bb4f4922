import "server-only";
import { getIronSession, type SessionOptions } from "iron-session";
import { cookies, headers } from "next/headers";
import { loadConfig } from "@/lib/config";
import { keptSecret } from "@/lib/kept-secret";

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
  return (cachedSecret = keptSecret(config.DATA_DIR, "session-secret"));
}

/**
 * How the browser reached this request: over HTTPS (PUBLIC_URL is https, or the proxy in front
 * says so), and whether from this machine. The proxy's X-Forwarded-Proto is believed here only:
 * a client that lies about it merely marks its own cookie Secure.
 */
export async function requestConnection(): Promise<{ https: boolean; local: boolean }> {
  const request = await headers();
  const https = loadConfig().PUBLIC_URL?.startsWith("https:") === true || request.get("x-forwarded-proto")?.split(",")[0]?.trim() === "https";
  const host = (request.get("host") ?? "").replace(/:\d+$/, "").toLowerCase();
  const local = host === "localhost" || host.endsWith(".localhost") || /^127\.\d+\.\d+\.\d+$/.test(host) || host === "[::1]";
  return { https, local };
}

/**
 * The cookie is Secure when the browser reached us over HTTPS. On plain HTTP a browser would drop
 * a Secure cookie (except from localhost), and a team serving Gauge on its LAN could not log in.
 */
function sessionOptions(secure: boolean): SessionOptions {
  return {
    password: sessionSecret(),
    cookieName: SESSION_COOKIE,
    ttl: loadConfig().TOKEN_TTL_HOURS * 3600,
    cookieOptions: { httpOnly: true, sameSite: "lax", secure, path: "/" },
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
  const options = sessionOptions((await requestConnection()).https);
  try {
    return await getIronSession<SessionData>(store, options);
  } catch {
    return getIronSession<SessionData>(withoutSessionCookie(store), options);
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
