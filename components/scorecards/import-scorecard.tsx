"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { zodDetails } from "@/lib/contract/common";
import { ScorecardFile, type KpiFile } from "@/lib/contract/scorecard-file";
import { useWrite } from "@/lib/bff/queries";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/notice";
import { useTranslations } from "next-intl";
import { useErrorText, useFieldText } from "@/lib/i18n/use-error-text";

type Counts = { containers: number; kpis: number; formulas: number; values: number; initiatives: number };

function count(list: KpiFile[], into: Counts = { containers: 0, kpis: 0, formulas: 0, values: 0, initiatives: 0 }): Counts {
  for (const k of list) {
    const container = k.type === "CONTAINER" || (!k.type && (k.children?.length ?? 0) > 0);
    if (container) into.containers++;
    else into.kpis++;
    if (k.formula) into.formulas++;
    into.values += k.values?.length ?? 0;
    into.initiatives += k.initiatives?.length ?? 0;
    count(k.children ?? [], into);
  }
  return into;
}

/**
 * A scorecard from a file (the format Export and the API's download give, and the CLI reads):
 * read and checked in the browser first, with a preview of what will be created.
 */
export function ImportScorecard() {
  const t = useTranslations("scorecards.create");
  const errorText = useErrorText();
  const fieldText = useFieldText();
  const router = useRouter();
  const [file, setFile] = useState<ScorecardFile | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const save = useWrite("importScorecard", { onSuccess: (card) => router.push(`/s/${card.id}`), onError: (e) => setProblems([errorText(e)]) });

  async function choose(chosen: File | undefined) {
    setFile(null);
    setProblems([]);
    if (!chosen) return;
    if (chosen.size > 1024 * 1024) return setProblems([t("tooBig")]);
    if (/\.xlsx$/i.test(chosen.name)) {
      // Read on the server (the workbook library stays out of the page); nothing is stored yet.
      const response = await fetch(`/api/import/xlsx?${new URLSearchParams({ name: chosen.name })}`, { method: "POST", body: chosen });
      const body = await response.json().catch(() => null);
      if (!response.ok)
        return setProblems(
          body?.details?.length
            ? body.details.slice(0, 8).map((d: { path: string; message: string }) => t("fileProblem", { path: d.path, problem: fieldText(d.message) }))
            : [body?.errorMessage ? errorText(body) : t("unreadableWorkbook", { status: response.status })],
        );
      return setFile(body.file as ScorecardFile);
    }
    let json: unknown;
    try {
      json = JSON.parse(await chosen.text());
    } catch {
      return setProblems([t("notJson", { name: chosen.name })]);
    }
    const parsed = ScorecardFile.safeParse(json);
    if (!parsed.success)
      return setProblems(
        zodDetails(parsed.error)
          .slice(0, 8)
          .map((d) => t("fileProblem", { path: d.path || t("file"), problem: fieldText(d.message) })),
      );
    setFile(parsed.data);
  }

  const counts = file ? count(file.kpis) : null;
  return (
    <div className="flex flex-col gap-2">
      <label className="flex flex-col gap-1.5 text-sm">
        <span className="font-medium">{t("importLabel")}</span>
        <input type="file" accept=".json,application/json,.xlsx" onChange={(e) => choose(e.target.files?.[0])} className="text-sm" />
      </label>
      {problems.length > 0 && <FieldError>{t("nothing", { problems: problems.join(". ") })}</FieldError>}
      {file && counts && (
        <div role="status" className="flex flex-wrap items-center gap-3 rounded-md border border-slate-200 p-3 text-sm dark:border-slate-700">
          <span>
            {t.rich("summary", {
              ...counts,
              name: file.name,
              arrows: file.links?.length ?? 0,
              top: file.kpis.map((k) => k.name).join(", "),
              b: (chunks) => <strong>{chunks}</strong>,
            })}
          </span>
          <Button type="button" disabled={save.isPending} onClick={() => save.mutate({ input: {}, body: file as never })}>
            {t("import")}
          </Button>
        </div>
      )}
    </div>
  );
}
