import type { ContentfulStatusCode } from "hono/utils/http-status";
import { HTTPException } from "hono/http-exception";
import type { ErrorBody, ErrorCode, ErrorDetail } from "@/lib/contract/common";
export { zodDetails } from "@/lib/contract/common";

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly details: ErrorDetail[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): ErrorBody {
    return { success: false, errorMessage: this.message, code: this.code, details: this.details };
  }
}

export const notFound = (what = "Resource") => new ApiError(404, "not_found", `${what} not found`);
export const forbidden = (message: string) => new ApiError(403, "forbidden", message);
export const unauthorized = (message: string) => new ApiError(401, "unauthorized", message);
export const invalidRequest = (message: string, details: ErrorDetail[] = []) => new ApiError(400, "invalid_request", message, details);
export const conflict = (message: string, details: ErrorDetail[] = []) => new ApiError(409, "conflict", message, details);

const codeByStatus: Partial<Record<number, ErrorCode>> = {
  400: "invalid_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  413: "payload_too_large",
  415: "unsupported_media_type",
  422: "unprocessable",
  429: "rate_limited",
};

/** Maps anything thrown to an ApiError; unexpected errors become a generic 500 naming the request, and are logged under its ID. */
export function toApiError(error: unknown, requestId?: string): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPException) {
    const code = codeByStatus[error.status];
    if (code) {
      const message = error.status === 400 ? "Malformed JSON in request body" : error.message || code;
      return new ApiError(error.status as ContentfulStatusCode, code, message);
    }
  }
  const refused = lockedPeriodRefusal(error);
  if (refused) return conflict(refused, [{ path: "date", message: refused }]);
  console.error(`[api] unexpected error${requestId ? ` (request ${requestId})` : ""}:`, error);
  return new ApiError(500, "internal", requestId ? `Internal server error (request ${requestId})` : "Internal server error");
}

/** The message of the database's refusal to change a locked period (SQLSTATE GL001, migration 0019), if that is what `error` is. */
export function lockedPeriodRefusal(error: unknown): string | null {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; e = e.cause as typeof e, depth++) {
    if (e.code === "GL001" && typeof e.message === "string") return e.message;
  }
  return null;
}
