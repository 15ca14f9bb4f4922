"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { zodDetails } from "@/lib/contract/common";
import { CreateDocument } from "@/lib/contract/scorecards";
import { browserTransport, useWrite } from "@/lib/bff/queries";
import { Button } from "@/components/ui/button";
import { Field, SelectField } from "@/components/ui/field";
import { FieldError } from "@/components/ui/notice";
import { ImportScorecard } from "./import-scorecard";
import { useTranslations } from "next-intl";
import { useErrorText, useFieldText } from "@/lib/i18n/use-error-text";

/** The balanced scorecard's four classic perspectives, top to bottom as on a strategy map. */
/** A new scorecard, blank or with the four perspectives, or from a file; then straight to its editor. */
export function NewScorecardForm({ onCancel }: { onCancel: () => void }) {
  const t = useTranslations("scorecards.create");
  const errorText = useErrorText();
  const fieldText = useFieldText();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const create = useWrite("createScorecard", { onError: (e) => (setError(errorText(e)), setWorking(false)) });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const parsed = CreateDocument.safeParse({ name: data.get("name") });
    if (!parsed.success) return setError(fieldText(zodDetails(parsed.error)[0]!.message));
    setError(null);
    setWorking(true);
    const card = await create.mutateAsync({ input: {}, body: parsed.data }).catch(() => null);
    if (!card) return;
    try {
      // One call per perspective (named in the reader's language): the API has no batch create.
      if (data.get("template") === "bsc") {
        for (const name of t("perspectives").split(","))
          await browserTransport("createKpi", { docId: card.id }, { body: { name, indicatorType: "CONTAINER" } });
      }
      await queryClient.invalidateQueries({ queryKey: ["scorecard", card.id] });
      router.push(`/s/${card.id}/edit`);
    } catch (e) {
      setError(t("partly", { reason: errorText(e as Error) }));
      setWorking(false);
    }
  }

  return (
    <form
      onSubmit={submit}
      aria-label={t("form")}
      className="flex w-full flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
      noValidate
    >
      <div className="min-w-56 flex-1">
        <Field id="new-scorecard-name" name="name" label={t("name")} required autoFocus />
      </div>
      <SelectField id="new-scorecard-template" label={t("startFrom")} name="template" defaultValue="bsc">
        <option value="bsc">{t("bsc")}</option>
        <option value="blank">{t("blank")}</option>
      </SelectField>
      <Button type="submit" disabled={working}>
        {working ? t("creating") : t("create")}
      </Button>
      <Button type="button" variant="secondary" onClick={onCancel}>
        {t("cancel")}
      </Button>
      {error && (
        <div className="w-full">
          <FieldError>{error}</FieldError>
        </div>
      )}
      <div className="w-full border-t border-slate-200 pt-3 dark:border-slate-700">
        <ImportScorecard />
      </div>
    </form>
  );
}
