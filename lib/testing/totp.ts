import { createHmac } from "node:crypto";

// RFC 6238 written out for the tests, a second implementation beside the service's library.

/** The TOTP code of a key at a time: HMAC-SHA1 over the 30-second step, dynamically truncated. */
export function rfc6238(key: Buffer, unixSeconds: number, digits = 6): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(unixSeconds / 30)));
  const mac = createHmac("sha1", key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits).padStart(digits, "0");
}

/** RFC 4648 base32, as authenticator apps read the secret. */
export function base32(text: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of text.replace(/=+$/, "")) bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  return Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
}

/** The code for a base32 secret at a Date. */
export const totpAt = (secret: string, at: Date) => rfc6238(base32(secret), at.getTime() / 1000);
