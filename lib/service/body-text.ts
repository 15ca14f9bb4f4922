import { ApiError } from "./errors";

const charsetOf = (contentType: string | undefined) => /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? "")?.[1];

/**
 * A request body's text. UTF-8 unless the Content-Type names another charset; a body without a
 * charset that is not valid UTF-8 is read as ISO-8859-1, which is what Windows PowerShell 5.1
 * sends for a string body (its `contraseña` arrives with the byte 0xF1).
 */
export function decodeBody(bytes: ArrayBuffer, contentType: string | undefined): string {
  const charset = charsetOf(contentType);
  if (charset && !/^utf-?8$/i.test(charset)) {
    try {
      return new TextDecoder(charset).decode(bytes);
    } catch {
      throw new ApiError(415, "unsupported_media_type", `Unknown charset ${charset.slice(0, 40)}: send UTF-8`);
    }
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    if (charset) throw new ApiError(400, "invalid_request", "The body is not valid UTF-8, as its Content-Type says");
    return new TextDecoder("iso-8859-1").decode(bytes);
  }
}

/** The top-level keys of a JSON object in Unicode NFC, so `contraseña` typed as n + U+0303 is the same key. */
export function normalizeKeys(value: unknown): unknown {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value;
  const entries = Object.entries(value);
  if (entries.every(([key]) => key === key.normalize("NFC"))) return value;
  return Object.fromEntries(entries.map(([key, v]) => [key.normalize("NFC"), v]));
}
