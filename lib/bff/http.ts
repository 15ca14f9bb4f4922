// What the server's KPI client and the browser's BFF client share: building an endpoint's URL
// and turning an answer into data or one error type. Safe in the browser.
import type { ErrorBody } from "@/lib/contract/common";

/** A failed call, with the contract's error body (and when to retry after a 429). */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(body.errorMessage);
    this.name = "ApiCallError";
  }
}

const isErrorBody = (json: unknown): json is ErrorBody =>
  typeof json === "object" && json !== null && (json as ErrorBody).success === false && typeof (json as ErrorBody).errorMessage === "string";

/** The JSON of a 2xx answer (null for 204); anything else throws ApiCallError. */
export async function decodeResponse(response: Response, what = "The request"): Promise<unknown> {
  const json: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (response.ok) return json;
  const retryAfter = Number(response.headers.get("Retry-After"));
  const body: ErrorBody = isErrorBody(json)
    ? { ...json, details: json.details ?? [] }
    : { success: false, errorMessage: `${what} failed (${response.status})`, code: "internal", details: [] };
  throw new ApiCallError(response.status, body, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null);
}

const segment = (value: unknown) => encodeURIComponent(Array.isArray(value) ? value.join(",") : String(value));

/** Fills `{name}` from input; the other defined inputs become the query string. */
export function endpointUrl(template: string, input: object): string {
  const rest = new Map(Object.entries(input).filter(([, v]) => v !== undefined && v !== null));
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (!rest.has(name)) throw new Error(`${template}: missing ${name}`);
    const value = segment(rest.get(name));
    rest.delete(name);
    return value;
  });
  const query = [...rest].map(([k, v]) => `${encodeURIComponent(k)}=${segment(v)}`).join("&");
  return query ? `${path}?${query}` : path;
}
