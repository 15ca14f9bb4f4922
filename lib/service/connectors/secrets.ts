import "server-only";
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

// A connector's source (the URL with its password, the headers with their keys) is kept sealed
// with AES-256-GCM under a key derived from CONNECTOR_SECRET; answers show it masked.

export interface SourceSecret {
  url: string;
  headers: Record<string, string>;
}

const MASK = "***";
const keyOf = (secret: string) => createHash("sha256").update(`gauge-connectors:${secret}`).digest();

export function sealSource(secret: string, source: SourceSecret): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(source), "utf8"), cipher.final()]);
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64")}`;
}

export function openSource(secret: string, sealed: string): SourceSecret {
  const raw = Buffer.from(sealed.replace(/^v1:/, ""), "base64");
  const decipher = createDecipheriv("aes-256-gcm", keyOf(secret), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  try {
    return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8")) as SourceSecret;
  } catch {
    throw new Error("The connector's credentials cannot be read with this server's CONNECTOR_SECRET: enter them again");
  }
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
