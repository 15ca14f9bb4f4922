import "server-only";

/** Where DATABASE_URL points, for messages: user@host:port/database, never the password. */
function target(url: string): { who: string; where: string; user: string; database: string } {
  const parsed = new URL(url);
  const user = decodeURIComponent(parsed.username) || "(none)";
  const database = decodeURIComponent(parsed.pathname.slice(1)) || user;
  const where = `${parsed.hostname || "localhost"}:${parsed.port || "5432"}`;
  return { who: `${user}@${where}/${database}`, where, user, database };
}

/**
 * What a failure to reach PostgreSQL means, in one sentence that names DATABASE_URL's target and
 * what to do; the driver's own words ("SASL: SCRAM-SERVER-FIRST-MESSAGE: client password must be
 * a string", "Connection terminated unexpectedly") say neither.
 */
export function explainConnectionError(error: unknown, url: string): Error {
  const { who, where, user, database } = target(url);
  const e = error as { code?: string; message?: string };
  const message = e.message ?? String(error);
  const explained = (() => {
    if (/SASL|client password must be a string|password authentication is required/i.test(message) && !new URL(url).password)
      return `PostgreSQL at ${where} asks user ${user} for a password and DATABASE_URL has none: write it as postgres://${user}:<password>@${where}/${database}`;
    if (e.code === "28P01") return `PostgreSQL at ${where} refused the password of user ${user}: check the password in DATABASE_URL`;
    if (e.code === "28000") return `PostgreSQL at ${where} does not let user ${user} connect to ${database} (pg_hba.conf, or no such role): ${message}`;
    if (e.code === "3D000") return `The database ${database} does not exist on ${where}: create it (createdb ${database}) or name another in DATABASE_URL`;
    if (e.code === "ECONNREFUSED")
      return `Nothing answers at ${where} (connection refused): is PostgreSQL running there, and is DATABASE_URL's host and port right?`;
    if (e.code === "ENOTFOUND" || e.code === "EAI_AGAIN") return `The host in DATABASE_URL (${where}) is not known to this machine's DNS`;
    if (e.code === "ETIMEDOUT" || /timeout/i.test(message))
      return `PostgreSQL at ${where} did not answer in time: is the host reachable from here (firewall, VPN)?`;
    if (/terminated unexpectedly|ECONNRESET/i.test(message))
      return `${where} closed the connection at once: is it a PostgreSQL server, and does it require SSL (add ?sslmode=require)?`;
    return `Could not open the PostgreSQL database ${who}: ${message}`;
  })();
  return new Error(explained, { cause: error });
}
