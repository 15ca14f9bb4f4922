const BASE = "http://gauge.invalid";

/**
 * Where to send a user after logging in: a path on this site, or "/". Browsers read `/\\host`,
 * tabs and newlines inside `//host`, and other odd spellings as another site, so anything with a
 * backslash or a control character is refused, and what is left must resolve to this origin.
 */
export function safeNext(next: string | null | undefined): string {
  if (!next?.startsWith("/") || next.startsWith("//")) return "/";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (/[\\\u0000-\u001f\u007f]/.test(next)) return "/";
  let url: URL;
  try {
    url = new URL(next, BASE);
  } catch {
    return "/";
  }
  if (url.origin !== BASE || url.pathname.startsWith("//")) return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}
