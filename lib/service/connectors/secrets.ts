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

/** The URL with its password shown as *** (and the query's `password=`, which some drivers read). */
function maskedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = MASK;
    for (const name of [...parsed.searchParams.keys()]) if (/pass|secret|token|key/i.test(name)) parsed.searchParams.set(name, MASK);
    return parsed.toString().replaceAll(encodeURIComponent(MASK), MASK);
  } catch {
    return MASK;
  }
}

export const maskedSource = (source: SourceSecret) => ({ url: maskedUrl(source.url), headers: Object.fromEntries(Object.keys(source.headers).map((h) => [h, MASK])) });

/** A source sent back as it was shown: a *** password, query secret or header value keeps the stored one. */
export function mergeMasked(sent: SourceSecret, stored: SourceSecret | null): SourceSecret {
  if (!stored) return sent;
  const headers = Object.fromEntries(Object.entries(sent.headers).map(([h, v]) => [h, v === MASK ? (stored.headers[h] ?? "") : v]));
  let parsed: URL;
  let before: URL;
  try {
    parsed = new URL(sent.url);
    before = new URL(stored.url);
  } catch {
    return { url: sent.url, headers }; // not a URL: the caller refuses it
  }
  if (decodeURIComponent(parsed.password) === MASK) parsed.password = before.password;
  for (const [name, value] of [...parsed.searchParams]) if (value === MASK && before.searchParams.has(name)) parsed.searchParams.set(name, before.searchParams.get(name)!);
  // Unchanged, the URL goes back as it was written (a reparse may respell it).
  return { url: parsed.toString() === new URL(sent.url).toString() ? sent.url : parsed.toString(), headers };
}

/** Every secret a source holds, to scrub from error messages. */
export function secretsOf(source: SourceSecret): string[] {
  const found = Object.values(source.headers);
  try {
    const parsed = new URL(source.url);
    if (parsed.password) found.push(parsed.password, decodeURIComponent(parsed.password));
    for (const [name, value] of parsed.searchParams) if (/pass|secret|token|key/i.test(name)) found.push(value);
  } catch {
    // No URL, nothing more to scrub.
  }
  return found.filter((s) => s.length >= 3);
}

export const scrub = (text: string, secrets: string[]) => secrets.reduce((t, s) => t.split(s).join(MASK), text);

export const newPushKey = () => `gpk_${randomBytes(24).toString("base64url")}`;
export const hashPushKey = (key: string) => createHash("sha256").update(key).digest("hex");
