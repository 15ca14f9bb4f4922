/**
 * The UTF-8 bytes of `JSON.stringify(value)` in chunks, built piece by piece: each element of the
 * value's arrays (top level, or a top-level object's properties) is stringified on its own and
 * the pieces are gathered into chunks of about CHUNK characters before encoding.
 *
 * Why not one JSON.stringify: V8 hands back a large result as a rope of parts, which the body's
 * encoding must first flatten into one new string, then copy again into bytes, and the response
 * copies those bytes once more, which for a large grouped read cost several times what the
 * pieces cost here; the chunks go out as they are, never joined.
 */
const CHUNK = 64 * 1024;

/** An answer already written as JSON: the UTF-8 bytes of its pieces, one after the other. */
export class JsonText {
  constructor(readonly pieces: Buffer[]) {}
}

/**
 * A JsonText where a handler's types want the answer's object: `c.json` sends the text as it is,
 * which is that object written out (the caller's promise: tests compare the two byte for byte).
 */
export const asAnswer = <T>(text: JsonText): T => text as unknown as T;

export function jsonChunks(value: unknown): Buffer[] {
  if (value instanceof JsonText) return joinedChunks(value.pieces);
  if (value === null || typeof value !== "object" || typeof (value as { toJSON?: unknown }).toJSON === "function") {
    return [Buffer.from(JSON.stringify(value) ?? "null")];
  }
  const chunks: Buffer[] = [];
  let chunk = "";
  const push = (piece: string) => {
    chunk += piece;
    if (chunk.length >= CHUNK) {
      chunks.push(Buffer.from(chunk));
      chunk = "";
    }
  };
  const pushArray = (array: unknown[]) => {
    push("[");
    for (let i = 0; i < array.length; i++) push((i ? "," : "") + (JSON.stringify(array[i]) ?? "null"));
    push("]");
  };
  if (Array.isArray(value)) pushArray(value);
  else {
    push("{");
    let first = true;
    for (const [key, property] of Object.entries(value)) {
      const split = Array.isArray(property) && typeof (property as { toJSON?: unknown }).toJSON !== "function";
      const whole = split ? "" : JSON.stringify(property);
      if (whole === undefined) continue; // undefined, functions and symbols are left out, as JSON.stringify does
      push(`${first ? "" : ","}${JSON.stringify(key)}:`);
      first = false;
      if (split) pushArray(property as unknown[]);
      else push(whole);
    }
    push("}");
  }
  chunks.push(Buffer.from(chunk));
  return chunks;
}

/** An answer's body: its bytes when they fit in one chunk, else a stream of its chunks. */
export function jsonBody(value: unknown): Uint8Array | ReadableStream<Uint8Array> {
  const chunks = jsonChunks(value);
  if (chunks.length === 1) return chunks[0]!;
  let next = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      controller.enqueue(chunks[next]!);
      chunks[next++] = EMPTY; // sent: free to be collected
      if (next === chunks.length) controller.close();
    },
  });
}
const EMPTY = Buffer.alloc(0);

/** The pieces joined into chunks of at least CHUNK bytes (the last one may be shorter). */
function joinedChunks(pieces: Buffer[]): Buffer[] {
  const chunks: Buffer[] = [];
  let from = 0;
  let size = 0;
  pieces.forEach((piece, i) => {
    size += piece.length;
    if (size >= CHUNK || i === pieces.length - 1) {
      chunks.push(Buffer.concat(pieces.slice(from, i + 1), size));
      from = i + 1;
      size = 0;
    }
  });
  return chunks.length ? chunks : [EMPTY];
}
