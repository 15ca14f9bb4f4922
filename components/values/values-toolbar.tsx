"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { CsvImport } from "./csv-import";
import type { Draft, GridModel } from "./grid-model";

interface Props {
  model: GridModel;
  draft: Draft;
  changes: number;
  invalid: number;
  saving: boolean;
  exportName: string;
  onImport: (update: (draft: Draft) => Draft) => void;
  onDiscard: () => void;
  onSave: () => void;
}

/** What is pending, CSV in and out, and the one save. */
export function ValuesToolbar({ model, draft, changes, invalid, saving, exportName, onImport, onDiscard, onSave }: Props) {
  const t = useTranslations("values.toolbar");
  async function exportCsv() {
    // The writer loads with the first export: the grid page does not carry it.
    const { toCsv } = await import("./csv");
    const url = URL.createObjectURL(new Blob([toCsv(model, draft)], { type: "text/csv" }));
    const link = Object.assign(document.createElement("a"), { href: url, download: exportName });
    link.click();
    URL.revokeObjectURL(url);
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      <p className="mr-auto text-sm" aria-live="polite">
        {t.rich("pending", { count: changes, b: (chunks) => <strong className="tabular-nums">{chunks}</strong> })}
        {invalid > 0 && <span className="text-red-700 dark:text-red-400">{t("toFix", { count: invalid })}</span>}
      </p>
      <CsvImport model={model} onApply={onImport} />
      <Button variant="secondary" onClick={exportCsv}>
        {t("export")}
      </Button>
      <Button variant="secondary" onClick={onDiscard} disabled={!Object.keys(draft).length || saving}>
        {t("discard")}
      </Button>
      <Button onClick={onSave} disabled={!changes || invalid > 0 || saving}>
        {saving ? t("saving") : changes ? t("saveCount", { count: changes }) : t("save")}
      </Button>
    </div>
  );
}
