import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { openText, sealText } from "../sealed-text";

// A connector's source (the URL with its password, the headers with their keys) is kept sealed
// with AES-256-GCM under a key derived from CONNECTOR_SECRET; answers show it masked.

export interface SourceSecret {
  url: string;
  headers: Record<string, string>;
}

const MASK = "***";
export const CONNECTOR_SEAL_PURPOSE = "gauge-connectors";
const PURPOSE = CONNECTOR_SEAL_PURPOSE;

export const sealSource = (secret: string, source: SourceSecret): string => sealText(secret, PURPOSE, JSON.stringify(source));

export function openSource(secret: string, sealed: string): SourceSecret {
  const text = openText(secret, PURPOSE, sealed);
  if (text === null) throw new Error("The connector's credentials cannot be read with this server's CONNECTOR_SECRET: enter them again");
  return JSON.parse(text) as SourceSecret;
}

const isSql = (url: URL) => ["postgres:", "postgresql:", "mysql:", "mariadb:"].includes(url.protocol);

/**
 * The URL as others see it: the password always ***, and for a web source every query value and
 * the path after the host too (signatures, `sig`, capability paths), unless `typist` (the person
 * who typed them) views.
 */
function maskedUrl(url: string, typist: boolean): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = MASK;
    if (!isSql(parsed) && !typist) {
      if (parsed.pathname !== "/") parsed.pathname = `/${MASK}`;
      for (const name of [...parsed.searchParams.keys()]) parsed.searchParams.set(name, MASK);
    }
    return parsed.toString().replaceAll(encodeURIComponent(MASK), MASK);
  } catch {
    return MASK;
  }
}

export const maskedSource = (source: SourceSecret, typist: boolean) => ({
  url: maskedUrl(source.url, typist),
  headers: Object.fromEntries(Object.keys(source.headers).map((h) => [h, MASK])),
});

/** What a stored secret is bound to: scheme, host and port, and for SQL the user and database. */
function addressOf(url: URL): string {
  const sql = isSql(url);
  return JSON.stringify([
    url.protocol.replace(/^postgresql:/, "postgres:").replace(/^mariadb:/, "mysql:"),
    url.hostname.toLowerCase(),
    url.port,
    sql ? url.username : "",
    sql ? url.pathname : "",
  ]);
}

/**
 * A source sent back as it was shown: each *** (password, query value, path, header) keeps the
 * stored one, but only while the address it was given for is unchanged; sent to another address
 * a *** is a problem, so that an edited host never carries the stored password or key to it.
 */
export function mergeMasked(
  sent: SourceSecret,
  stored: SourceSecret | null,
): { source: SourceSecret; problem?: { path: string; message: string; summary: string } } {
  let parsed: URL;
  let before: URL | null = null;
  try {
    parsed = new URL(sent.url);
    if (stored) before = new URL(stored.url);
  } catch {
    return { source: sent }; // not a URL: the caller refuses it
  }
  const keeps = before !== null && addressOf(parsed) === addressOf(before);
  const masked: string[] = [];
  const headers = Object.fromEntries(
    Object.entries(sent.headers).map(([h, v]) => {
      if (v !== MASK) return [h, v];
      if (keeps && stored!.headers[h] !== undefined) return [h, stored!.headers[h]!];
      masked.push(`the header ${h}`);
      return [h, v];
    }),
  );
  if (decodeURIComponent(parsed.password) === MASK) {
    if (keeps) parsed.password = before!.password;
    else masked.push("the password");
  }
  if (parsed.pathname === `/${MASK}` || decodeURIComponent(parsed.pathname) === `/${MASK}`) {
    if (keeps) parsed.pathname = before!.pathname;
    else masked.push("the path");
  }
  for (const [name, value] of [...parsed.searchParams]) {
    if (value !== MASK) continue;
    if (keeps && before!.searchParams.has(name)) parsed.searchParams.set(name, before!.searchParams.get(name)!);
    else masked.push(`the query's ${name}`);
  }
  // Unchanged, the URL goes back as it was written (a reparse may respell it).
  const url = parsed.toString() === new URL(sent.url).toString() ? sent.url : parsed.toString();
  if (masked.length === 0) return { source: { url, headers } };
  const where = keeps || !before ? "" : " (the source's address changed: a stored secret stays with the address it was given for)";
  const path = masked.some((m) => !m.startsWith("the header")) ? "source.url" : "source.headers";
  return {
    source: { url, headers },
    problem: {
      path,
      message: "Type it again: *** stands for a stored secret",
      summary: `Type ${masked.join(", ")} again: *** stands for a stored secret${where}`,
    },
  };
}

/** Every secret a source holds, to scrub from error messages. */
export function secretsOf(source: SourceSecret): string[] {
  const found = Object.values(source.headers);
  try {
    const parsed = new URL(source.url);
    if (parsed.password) found.push(parsed.password, decodeURIComponent(parsed.password));
    // A web source's query values may be signatures; short ones (page=2) would garble messages.
    if (!isSql(parsed)) for (const [, value] of parsed.searchParams) if (value.length >= 8) found.push(value);
  } catch {
    // No URL, nothing more to scrub.
  }
  return found.filter((s) => s.length >= 3);
}

export const scrub = (text: string, secrets: string[]) => secrets.reduce((t, s) => t.split(s).join(MASK), text);

export const newPushKey = () => `gpk_${randomBytes(24).toString("base64url")}`;
export const hashPushKey = (key: string) => createHash("sha256").update(key).digest("hex");
