"use client";

import { useState, type ChangeEvent } from "react";
import { Button } from "@/components/ui/button";
import { Table, TableHead, Td, Th, Tr } from "@/components/ui/table";
import type { CsvWords, CsvPreview } from "./csv";
import type { Draft, GridModel } from "./grid-model";
import { useTranslations } from "next-intl";

/** Reads a CSV, shows what it would change, and puts the changes into the grid on approval. */
export function CsvImport({ model, onApply }: { model: GridModel; onApply: (update: (draft: Draft) => Draft) => void }) {
  const t = useTranslations("values.csv");
  const fileWords = useTranslations("values.csvFile");
  const words: CsvWords = (key, values) => fileWords(key, values);
  const [preview, setPreview] = useState<(CsvPreview & { file: string }) | null>(null);

  async function read(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    // The reader loads with the first file: the grid page does not carry it.
    if (file) setPreview({ ...(await import("./csv")).previewCsv(model, await file.text(), words), file: file.name });
  }

  function apply() {
    if (!preview) return;
    onApply((draft) => ({ ...draft, ...Object.fromEntries(preview.updates.map((u) => [u.key, u.text])) }));
    setPreview(null);
  }

  return (
    <>
      <label className="inline-flex cursor-pointer items-center rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-within:outline-2 focus-within:outline-blue-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800">
        {t("import")}
        <input type="file" accept=".csv,text/csv" className="sr-only" onChange={read} />
      </label>
      {preview && (
        <section
          aria-labelledby="csv-preview-heading"
          className="order-last basis-full rounded-lg border border-blue-200 bg-blue-50 p-4 text-sm dark:border-blue-900 dark:bg-blue-950"
        >
          <h2 id="csv-preview-heading" className="font-semibold">
            {t("heading", { file: preview.file, count: preview.updates.length })}
          </h2>
          {preview.dialect && <p className="mt-1 text-slate-700 dark:text-slate-300">{preview.dialect}</p>}
          {preview.problems.length > 0 && (
            <ul className="mt-2 list-disc pl-5 text-amber-900 dark:text-amber-200">
              {preview.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          )}
          {preview.updates.length > 0 && (
            <div className="mt-2 max-h-48 overflow-y-auto">
              <Table caption={t("caption", { file: preview.file })} dense>
                <TableHead>
                  <Th>{t("kpi")}</Th>
                  <Th>{t("period")}</Th>
                  <Th>{t("newValue")}</Th>
                </TableHead>
                <tbody>
                  {preview.updates.map((u) => (
                    <Tr key={u.key}>
                      <Td>{u.kpi}</Td>
                      <Td>{u.period}</Td>
                      <Td className="tabular-nums">{u.text || t("clear")}</Td>
                    </Tr>
                  ))}
                </tbody>
              </Table>
            </div>
          )}
          <div className="mt-3 flex gap-2">
            <Button onClick={apply} disabled={!preview.updates.length}>
              {t("apply")}
            </Button>
            <Button variant="secondary" onClick={() => setPreview(null)}>
              {t("cancel")}
            </Button>
          </div>
        </section>
      )}
    </>
  );
}
