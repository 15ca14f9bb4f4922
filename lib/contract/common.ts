import { z } from "zod";
import { isCalendarDate, MAGNITUDE_MESSAGE, MAX_MAGNITUDE, MAX_ROW_ID } from "./constants";

export { isCalendarDate };

export const ErrorCode = z.enum([
  "invalid_request",
  "unauthorized",
  "forbidden",
  "not_found",
  "method_not_allowed",
  "conflict",
  "payload_too_large",
  "unsupported_media_type",
  "unprocessable",
  "rate_limited",
  "internal",
  "unavailable",
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const ErrorDetail = z.object({ path: z.string(), message: z.string() });
export type ErrorDetail = z.infer<typeof ErrorDetail>;

/** One detail per failing field, its path dotted (items.3.date). */
export function zodDetails(error: z.ZodError): ErrorDetail[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }));
}

export const ErrorBody = z
  .object({
    success: z.literal(false),
    errorMessage: z.string(),
    code: ErrorCode,
    details: z.array(ErrorDetail),
  })
  .meta({
    id: "Error",
    example: {
      success: false,
      errorMessage: "Invalid request",
      code: "invalid_request",
      details: [{ path: "items.3.date", message: "Invalid date" }],
    },
  });
export type ErrorBody = z.infer<typeof ErrorBody>;

export const IsoDate = z
  .string()
  .refine(isCalendarDate, "Invalid date: expected a real calendar date as yyyy-MM-dd")
  .meta({ description: "A calendar date, yyyy-MM-dd", example: "2024-03-31" });

/** A finite number of at most MAX_MAGNITUDE either way; strings, NaN and Infinity are refused. */
export const KpiNumber = z.number().finite().min(-MAX_MAGNITUDE, MAGNITUDE_MESSAGE).max(MAX_MAGNITUDE, MAGNITUDE_MESSAGE);

/** A KPI figure or null. */
export const NullableNumber = KpiNumber.nullable();

export const Guid = z
  .string()
  .regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, "Invalid GUID")
  .transform((s) => s.toLowerCase())
  .meta({ description: "A KPI GUID (RFC 4122, lower case)", example: "0b6f1a52-6c8e-4c1e-9d7a-3f2b1c0d9e8f" });

/** A scorecard alias: a letter, then letters, digits, _ or - (at most 64); never all digits. */
export const ALIAS_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

export const Alias = z
  .string()
  .regex(ALIAS_PATTERN, "Invalid alias: a letter, then letters, digits, _ or -, at most 64 characters")
  .meta({ description: "A name that may stand for the scorecard's ID in every path", example: "company" });

/**
 * A scorecard's number, or its alias: the service swaps an alias of the caller's account for the
 * number before routing, so an alias that reaches the route names no scorecard (0: not found).
 */
export const DocId = z
  .string()
  .refine((s) => /^\d{1,15}$/.test(s) || ALIAS_PATTERN.test(s), "Invalid scorecard ID: expected a positive integer or an alias")
  // 0 names no scorecard: an unresolved alias, or a number past PostgreSQL's integer (no row has it).
  .transform((s) => (/^\d+$/.test(s) && Number(s) <= 2_147_483_647 ? Number(s) : 0))
  .meta({ description: "Scorecard ID (the number in /s/<id>) or its alias", example: "1" });

/** A database row ID in a request body. */
export const RowId = z.number().int().positive().max(MAX_ROW_ID, "No such ID");

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
