import { useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { ApiCallError } from "@/lib/bff/http";
import type { ErrorBody } from "@/lib/contract/common";

type FieldProblem = typeof import("./field-problems").fieldProblem;
let loaded: FieldProblem | null = null;

/**
 * The list of field problems, loaded once for a reader of another language than English (who
 * gets the API's own sentences and so never needs it); null until it has loaded.
 */
function useFieldProblems(locale: string): FieldProblem | null {
  const [fieldProblem, setFieldProblem] = useState(() => loaded);
  useEffect(() => {
    if (locale === "en" || fieldProblem) return;
    void import("./field-problems").then((list) => {
      loaded = list.fieldProblem;
      setFieldProblem(() => list.fieldProblem);
    });
  }, [locale, fieldProblem]);
  return fieldProblem;
}

type Failure = Error | Partial<Pick<ErrorBody, "code" | "errorMessage" | "details">> | null | undefined;

/**
 * A failed call in the reader's language. The API writes its errors in English for scripts, which
 * match on `code`: English readers get the API's own sentence (the first field's problem when it
 * names one; the field's path is left out, being the API's name for it, not the form's label),
 * others a sentence for the code, naming the fields at fault, or the one field's problem in
 * their words.
 */
export function useErrorText(): (failure: Failure, options?: { whole?: boolean }) => string {
  const locale = useLocale();
  const t = useTranslations("errors");
  const fieldProblem = useFieldProblems(locale);
  return useCallback(
    (failure: Failure, { whole = false } = {}) => {
      const body = failure instanceof ApiCallError ? failure.body : failure instanceof Error ? undefined : failure;
      const detail = body?.details?.[0];
      // `whole`: the API's sentence about the whole request rather than its first field's.
      if (locale === "en")
        return (whole ? undefined : detail?.message) ?? body?.errorMessage ?? (failure instanceof Error ? failure.message : t("unreachable"));
      if (!body?.code) return failure instanceof Error && !(failure instanceof ApiCallError) ? t("internal") : t("unreachable");
      if (detail?.path === "otp") return t("otp");
      const problem = body.details?.length === 1 && !whole && fieldProblem ? fieldProblem(detail!.message) : null;
      if (problem) return t(`problems.${problem.key}`, problem.values);
      if (body.code === "invalid_request" && body.details?.length) return t("fields", { fields: body.details.map((d) => d.path).join(", ") });
      return t(body.code);
    },
    [locale, t, fieldProblem],
  );
}

/**
 * A field's problem as the contract's schemas word it (client-side checks and the API's details
 * alike): English readers get it as written, others in their language, or a general sentence
 * for a problem the list of field problems lacks.
 */
export function useFieldText(): (message: string) => string {
  const locale = useLocale();
  const t = useTranslations("errors");
  const fieldProblem = useFieldProblems(locale);
  return useCallback(
    (message: string) => {
      if (locale === "en") return message;
      const problem = fieldProblem?.(message);
      return problem ? t(`problems.${problem.key}`, problem.values) : t("field");
    },
    [locale, t, fieldProblem],
  );
}
