"use client";

import { useTranslations } from "next-intl";
import type { Translations } from "@/lib/contract/translations";
import { LOCALE_NAMES, LOCALES } from "@/lib/i18n/locales";
import { inputClass } from "@/components/ui/field";

/**
 * A name and description (and a KPI's unit, with `measure`) in each interface language, for
 * readers of that language; an empty field shows them the original.
 */
export function TranslationFields({
  id,
  value,
  onChange,
  measure = false,
}: {
  id: string;
  value: Translations;
  onChange: (next: Translations) => void;
  measure?: boolean;
}) {
  const t = useTranslations("editor.translations");
  const set = (locale: (typeof LOCALES)[number], field: "name" | "description" | "measure", text: string) => {
    const { [field]: _old, ...rest } = value[locale] ?? {};
    onChange({ ...value, [locale]: text ? { ...rest, [field]: text } : rest });
  };
  return (
    <fieldset className="flex flex-col gap-2 sm:col-span-2">
      <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">{t("legend")}</legend>
      <p className="text-xs text-slate-500 dark:text-slate-400">{t("hint")}</p>
      {LOCALES.map((locale) => (
        <div
          key={locale}
          className={`grid gap-2 sm:items-center ${measure ? "sm:grid-cols-[8rem_1fr_2fr_7rem]" : "sm:grid-cols-[8rem_1fr_2fr]"}`}
          lang={locale}
        >
          <span className="text-sm text-slate-600 dark:text-slate-400">{LOCALE_NAMES[locale]}</span>
          <input
            id={`${id}-${locale}-name`}
            aria-label={t("name", { language: LOCALE_NAMES[locale] })}
            className={inputClass}
            placeholder={t("namePlaceholder")}
            value={value[locale]?.name ?? ""}
            onChange={(e) => set(locale, "name", e.target.value)}
          />
          <input
            id={`${id}-${locale}-description`}
            aria-label={t("description", { language: LOCALE_NAMES[locale] })}
            className={inputClass}
            placeholder={t("descriptionPlaceholder")}
            value={value[locale]?.description ?? ""}
            onChange={(e) => set(locale, "description", e.target.value)}
          />
          {measure && (
            <input
              id={`${id}-${locale}-measure`}
              aria-label={t("measure", { language: LOCALE_NAMES[locale] })}
              className={inputClass}
              placeholder={t("measurePlaceholder")}
              value={value[locale]?.measure ?? ""}
              onChange={(e) => set(locale, "measure", e.target.value)}
            />
          )}
        </div>
      ))}
    </fieldset>
  );
}
