import "server-only";
import net from "node:net";
import pg from "pg";
import mysql from "mysql2/promise";
import { OutboundRefusal, pinnedAddress, type Reach } from "../../outbound/reach";
import { bindQuery, QueryRefusal } from "./sql-text";
import { sqlAddress, type SqlAddress } from "./sql-address";
import type { Limits, SourceRow } from "./limits";

interface SqlRequest {
  kind: "postgres" | "mysql";
  url: string;
  reach: Reach;
  query: string;
  /** The periods a per-period query is asked for, each in turn on one connection; none: the query once. */
  periods?: { from: string; to: string }[];
  limits: Limits;
}

/** Each period's query in turn, until the run's own bound: a backfill that would outlast it stops, naming how far it got. */
async function eachPeriod<T>(
  periods: SqlRequest["periods"],
  limits: Limits,
  read: (period: { from: string; to: string } | undefined) => Promise<T>,
): Promise<T[]> {
  const deadline = Date.now() + limits.runMs;
  const answers: T[] = [];
  const all = periods ?? [undefined];
  for (const period of all) {
    if (Date.now() > deadline)
      throw new QueryRefusal(`The run went past its ${limits.runMs / 1000} s limit after ${answers.length} of ${all.length} periods: backfill a shorter range`);
    answers.push(await read(period));
  }
  return answers;
}

const tooMany = (cap: number) =>
  new QueryRefusal(`The query returned more than ${cap.toLocaleString("en")} rows: narrow it (the limit keeps a run within memory)`);

// DATE as its text (no time zone to shift it), NUMERIC and BIGINT as numbers.
const pgTypes = {
  getTypeParser: ((oid: number, format?: string) => {
    if (oid === 1082) return (text: string) => text;
    if (oid === 1700 || oid === 20) return (text: string) => Number(text);
    return pg.types.getTypeParser(oid, format as "text");
  }) as typeof pg.types.getTypeParser,
};

/** TLS as the URL's sslmode asks, the certificate checked for the URL's host name although the connection goes to its pinned address. */
const tlsOf = (address: SqlAddress) =>
  address.tls === "disable"
    ? undefined
    : { rejectUnauthorized: address.tls === "verify-full", ...(net.isIP(address.host) ? {} : { servername: address.host }) };

type Reader = (request: SqlRequest, address: SqlAddress, pinned: string) => Promise<SourceRow[][]>;

const readPostgres: Reader = async ({ query, periods, limits }, address, pinned) => {
  const bound = bindQuery(query, "postgres", periods ? 0 : limits.maxRows);
  const client = new pg.Client({
    host: pinned,
    port: address.port,
    user: address.user || undefined,
    password: address.password || undefined,
    database: address.database || undefined,
    ssl: tlsOf(address) ?? false,
    connectionTimeoutMillis: limits.timeoutMs,
    query_timeout: limits.timeoutMs + 1000,
    types: pgTypes,
    application_name: "gauge-connector",
  });
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query("BEGIN READ ONLY");
    await client.query(`SET LOCAL statement_timeout = ${Math.round(limits.timeoutMs)}`);
    const answers = await eachPeriod(periods, limits, async (period) => {
      const result = await client.query({ text: bound.text, values: bound.params.map((p) => period![p]) });
      if (result.rows.length > limits.maxRows) throw tooMany(limits.maxRows);
      return result.rows as SourceRow[];
    });
    await client.query("ROLLBACK");
    return answers;
  } finally {
    await client.end().catch(() => {});
  }
};

const readMysql: Reader = async ({ query, periods, limits }, address, pinned) => {
  const bound = bindQuery(query, "mysql", periods ? 0 : limits.maxRows);
  const tls = tlsOf(address);
  const connection = await mysql.createConnection({
    // mysql2 checks the certificate against `host`; the socket it is given goes to the pinned address.
    host: address.host,
    port: address.port,
    stream: () => net.connect({ host: pinned, port: address.port }),
    user: address.user || undefined,
    password: address.password || undefined,
    database: address.database || undefined,
    ...(tls ? { ssl: { rejectUnauthorized: tls.rejectUnauthorized, verifyIdentity: tls.rejectUnauthorized } } : {}),
    connectTimeout: limits.timeoutMs,
    dateStrings: true,
    decimalNumbers: true,
    supportBigNumbers: true,
    multipleStatements: false,
  });
  connection.on("error", () => {});
  try {
    const [[{ version }]] = (await connection.query("SELECT VERSION() AS version")) as unknown as [[{ version: string }]];
    // MariaDB bounds a statement in seconds, MySQL a SELECT in milliseconds.
    if (/mariadb/i.test(version)) await connection.query(`SET SESSION max_statement_time = ${limits.timeoutMs / 1000}`);
    else await connection.query(`SET SESSION max_execution_time = ${Math.round(limits.timeoutMs)}`);
    await connection.query("START TRANSACTION READ ONLY");
    const answers = await eachPeriod(periods, limits, async (period) => {
      const [rows] = await connection.query({ sql: bound.text, values: bound.params.map((p) => period![p]), timeout: limits.timeoutMs + 1000 });
      if ((rows as SourceRow[]).length > limits.maxRows) throw tooMany(limits.maxRows);
      return rows as SourceRow[];
    });
    await connection.query("ROLLBACK");
    return answers;
  } finally {
    connection.destroy();
  }
};

/**
 * Runs the query (once, or once per period) in a read-only transaction, bounded in time and rows,
 * on a connection of its own: the rows of each run of it. A per-period run asks for one row per
 * period, the one number it writes.
 */
export async function readSql(request: SqlRequest): Promise<SourceRow[][]> {
  try {
    const address = sqlAddress(request.url, request.kind);
    const pinned = await pinnedAddress(address.host, request.reach);
    return await (request.kind === "postgres" ? readPostgres : readMysql)(request, address, pinned);
  } catch (error) {
    if (error instanceof QueryRefusal) throw error;
    if (error instanceof OutboundRefusal) throw new QueryRefusal(error.message);
    const message = (error as Error).message || String(error);
    if (/statement timeout|max_statement_time|max_execution_time|Query inactivity timeout|maximum statement execution time/i.test(message)) {
      throw new QueryRefusal(`The query ran past its ${request.limits.timeoutMs / 1000} s limit and was stopped`);
    }
    if (/read-only transaction|READ ONLY transaction/i.test(message))
      throw new QueryRefusal("Only a SELECT query may feed values: the database refused a write in the read-only transaction");
    throw new QueryRefusal(`The database said: ${message}`);
  }
}
