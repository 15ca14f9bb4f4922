import { QueryRefusal } from "./sql-text";

/** How a SQL source is reached over TLS: libpq's sslmode values that need no file on this server. */
const TLS_MODES = ["disable", "require", "verify-full"] as const;
type TlsMode = (typeof TLS_MODES)[number];

/** A SQL source's address as Gauge connects to it: nothing a driver would read beyond these parts. */
export interface SqlAddress {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
  tls: TlsMode;
}

const DEFAULT_PORT = { postgres: 5432, mysql: 3306 };

/**
 * The parts of a postgres:// or mysql:// URL Gauge connects with. Drivers read much more from a
 * connection string (pg's `host=` and socket paths override the checked host, `sslkey=` reads a
 * file from this server's disk, mysql2's `socketPath` and `multipleStatements`): every query
 * parameter but `sslmode` is refused, so the host that was checked is the host connected to.
 */
export function sqlAddress(url: string, kind: "postgres" | "mysql"): SqlAddress {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new QueryRefusal("Not a URL");
  }
  const extra = [...parsed.searchParams.keys()].filter((name) => name !== "sslmode");
  if (extra.length)
    throw new QueryRefusal(`The URL's ${extra.map((n) => `"${n}"`).join(", ")} is not accepted: a SQL source's URL takes only ?sslmode=${TLS_MODES.join("|")}`);
  const tls = parsed.searchParams.get("sslmode") ?? "disable";
  if (!(TLS_MODES as readonly string[]).includes(tls)) throw new QueryRefusal(`sslmode=${tls} is not accepted: use one of ${TLS_MODES.join(", ")}`);
  let host: string;
  let parts: string[];
  try {
    host = decodeURIComponent(parsed.hostname).replace(/^\[|\]$/g, "");
    parts = [parsed.username, parsed.password, parsed.pathname.replace(/^\//, "")].map(decodeURIComponent);
  } catch {
    throw new QueryRefusal("The URL holds a malformed %-escape");
  }
  if (!host || /[/\\%\s]/.test(host)) throw new QueryRefusal("The URL names no host a network connection can reach (sockets and paths are not read)");
  const [user, password, database] = parts as [string, string, string];
  if (database.includes("/")) throw new QueryRefusal("The URL's path is the database's name alone");
  return { host, port: parsed.port ? Number(parsed.port) : DEFAULT_PORT[kind], user, password, database, tls: tls as TlsMode };
}
