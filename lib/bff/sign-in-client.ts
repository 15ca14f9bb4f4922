import "server-only";
import { apiBaseUrl } from "./kpi-client";

/** The answer of one of the API's calls without a Token (single sign-on, password reset): its status and JSON. */
interface UntokenedAnswer {
  status: number;
  body: { errorMessage?: string; details?: { path: string; message: string }[]; [field: string]: unknown };
}

/** POSTs JSON to a call of the API that takes no Token (and costs no call). */
export async function postUntokened(path: string, body: unknown): Promise<UntokenedAnswer> {
  const response = await fetch(`${apiBaseUrl()}${path}`, {
    method: "POST",
    cache: "no-store",
    headers: { "Content-Type": "application/json", "X-Gauge-Client": "dashboard" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: ((await response.json().catch(() => null)) ?? {}) as UntokenedAnswer["body"] };
}
