"use client";

import { Button } from "@/components/ui/button";
import { CsvImport } from "./csv-import";
import { toCsv } from "./csv";
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
  function exportCsv() {
    const url = URL.createObjectURL(new Blob([toCsv(model, draft)], { type: "text/csv" }));
    const link = Object.assign(document.createElement("a"), { href: url, download: exportName });
    link.click();
    URL.revokeObjectURL(url);
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      <p className="mr-auto text-sm" aria-live="polite">
        <strong className="tabular-nums">{changes}</strong> pending change{changes === 1 ? "" : "s"}
        {invalid > 0 && <span className="text-red-700 dark:text-red-400"> · {invalid} to fix</span>}
      </p>
      <CsvImport model={model} onApply={onImport} />
      <Button variant="secondary" onClick={exportCsv}>Export CSV</Button>
      <Button variant="secondary" onClick={onDiscard} disabled={!Object.keys(draft).length || saving}>Discard</Button>
      <Button onClick={onSave} disabled={!changes || invalid > 0 || saving}>
        {saving ? "Saving…" : changes ? `Save ${changes} value${changes === 1 ? "" : "s"}` : "Save values"}
      </Button>
    </div>
  );
}
