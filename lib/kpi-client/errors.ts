import type { ErrorBody } from "@/lib/contract/common";

/** A non-2xx answer of the KPI API, with its contract error body. */
export class KpiApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(body.errorMessage);
    this.name = "KpiApiError";
  }
}
