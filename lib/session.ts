import "server-only";
import { getIronSession, type SessionOptions } from "iron-session";
import { cookies } from "next/headers";
import { loadConfig } from "@/lib/config";
import { requestOrigin } from "@/lib/request-origin";
import { sessionSecret } from "@/lib/session-secret";

/** What the encrypted cookie holds; it never reaches the browser in readable form. */
export interface SessionData {
  token?: string;
  email?: string;
  /** Epoch milliseconds when the API token expires. */
  expiresAt?: number;
}

export const SESSION_COOKIE = "gauge_session";

/**
 * How the browser reached this request: over HTTPS (PUBLIC_URL is https, or a trusted proxy says
 * so: see lib/cli/public-origin.mjs), and whether from this machine.
 */
export async function requestConnection(): Promise<{ https: boolean; local: boolean }> {
  const origin = new URL(await requestOrigin());
  const host = origin.hostname.toLowerCase();
  const local = host === "localhost" || host.endsWith(".localhost") || /^127\.\d+\.\d+\.\d+$/.test(host) || host === "[::1]";
  return { https: origin.protocol === "https:", local };
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
