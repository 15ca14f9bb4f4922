import "server-only";
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

// Secrets kept in the database (connector credentials, SSO client secrets, TOTP keys) are sealed
// with AES-256-GCM under a key derived from a server secret and the secret's purpose, so a key
// for one purpose never opens another's.

const keyOf = (secret: string, purpose: string) => createHash("sha256").update(`${purpose}:${secret}`).digest();

export function sealText(secret: string, purpose: string, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64")}`;
}

/** The text, or null when it was sealed under another secret or altered. */
export function openText(secret: string, purpose: string, sealed: string): string | null {
  const raw = Buffer.from(sealed.replace(/^v1:/, ""), "base64");
  const decipher = createDecipheriv("aes-256-gcm", keyOf(secret, purpose), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  try {
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
