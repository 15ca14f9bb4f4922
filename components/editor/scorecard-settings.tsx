"use client";

import { useSuspenseQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { zodDetails } from "@/lib/contract/common";
import { UpdateDocument } from "@/lib/contract/scorecards";
import { readQuery, useWrite } from "@/lib/bff/queries";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FieldError } from "@/components/ui/notice";
import { useTranslations } from "next-intl";
import { useErrorText, useFieldText } from "@/lib/i18n/use-error-text";
import type { Translations } from "@/lib/contract/translations";
import { TranslationFields } from "./translation-fields";
import { ConfirmDelete } from "@/components/ui/confirm-delete";

/** Name, description and alias; deleting (restorable for 30 days from the scorecard list). */
export function ScorecardSettings({ docId, canDelete }: { docId: number; canDelete: boolean }) {
  const t = useTranslations("editor.settings");
  const errorText = useErrorText();
  const fieldText = useFieldText();
  const { data: card } = useSuspenseQuery(readQuery("scorecard", { docId }));
  const router = useRouter();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const [translations, setTranslations] = useState<Translations>(card.translations ?? {});
  const fail = (e: Error) => setErrors({ form: errorText(e) });
  const save = useWrite("updateScorecard", { onSuccess: () => setSaved(true), onError: fail });
  const remove = useWrite("deleteScorecard", {
    onSuccess: (gone) => router.push(`/?${new URLSearchParams({ deleted: String(gone.id), name: gone.name })}`),
    onError: fail,
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    const data = new FormData(event.currentTarget);
    const alias = String(data.get("alias")).trim();
    const parsed = UpdateDocument.safeParse({ name: data.get("name"), description: data.get("description"), alias: alias || null, translations });
    if (!parsed.success) return setErrors(Object.fromEntries(zodDetails(parsed.error).map((d) => [d.path, fieldText(d.message)])));
    setErrors({});
    save.mutate({ input: { docId }, body: parsed.data });
  }

  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={submit} aria-label={t("form")} className="grid gap-4 sm:grid-cols-2" noValidate>
        <div>
          <Field id="scorecard-name" name="name" label={t("name")} defaultValue={card.name} aria-invalid={Boolean(errors.name)} />
          {errors.name && <FieldError>{errors.name}</FieldError>}
        </div>
        <div>
          <Field
            id="scorecard-alias"
            name="alias"
            label={t("alias")}
            defaultValue={card.alias ?? ""}
            placeholder={t("aliasPlaceholder")}
            aria-invalid={Boolean(errors.alias)}
          />
          {errors.alias && <FieldError>{errors.alias}</FieldError>}
        </div>
        <div className="sm:col-span-2">
          <Field id="scorecard-description" name="description" label={t("description")} defaultValue={card.description} />
        </div>
        <TranslationFields id="scorecard-translations" value={translations} onChange={setTranslations} />
        {errors.form && (
          <div className="sm:col-span-2">
            <FieldError>{errors.form}</FieldError>
          </div>
        )}
        <div className="flex items-center gap-3 sm:col-span-2">
          <Button type="submit" disabled={save.isPending}>
            {t("save")}
          </Button>
          {saved && (
            <span role="status" className="text-sm text-emerald-700 dark:text-emerald-300">
              {t("saved")}
            </span>
          )}
        </div>
      </form>
      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4 text-sm dark:border-slate-800">
        <span className="font-medium">{t("export")}</span>
        <a className="text-blue-700 underline dark:text-blue-400" href={`/api/document/${docId}/download`} download={`${card.name}.json`}>
          {t("file")}
        </a>
        <a className="text-blue-700 underline dark:text-blue-400" href={`/api/report/${docId}/excel`} download={`${card.name}.xlsx`}>
          {t("excel")}
        </a>
      </div>
      {canDelete && (
        <div className="border-t border-slate-200 pt-4 dark:border-slate-800">
          <ConfirmDelete
            words={{ ask: t("deleteAsk"), question: t("confirmDelete", { name: card.name }), confirm: t("delete"), keep: t("keep") }}
            pending={remove.isPending}
            onConfirm={() => remove.mutate({ input: { docId } })}
          />
        </div>
      )}
    </div>
  );
}
