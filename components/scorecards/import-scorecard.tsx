"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { zodDetails } from "@/lib/contract/common";
import { ScorecardFile, type KpiFile } from "@/lib/contract/scorecard-file";
import { errorText } from "@/lib/bff/http";
import { useWrite } from "@/lib/bff/queries";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/notice";

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
  const router = useRouter();
  const [file, setFile] = useState<ScorecardFile | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const save = useWrite("importScorecard", { onSuccess: (card) => router.push(`/s/${card.id}`), onError: (e) => setProblems([errorText(e)]) });

  async function choose(chosen: File | undefined) {
    setFile(null);
    setProblems([]);
    if (!chosen) return;
    if (chosen.size > 1024 * 1024) return setProblems(["The file is over 1 MiB: import a file this large with the CLI (npm run cli -- import-scorecard)."]);
    if (/\.xlsx$/i.test(chosen.name)) {
      // Read on the server (the workbook library stays out of the page); nothing is stored yet.
      const response = await fetch(`/api/import/xlsx?${new URLSearchParams({ name: chosen.name })}`, { method: "POST", body: chosen });
      const body = await response.json().catch(() => null);
      if (!response.ok) return setProblems(body?.details?.length ? body.details.slice(0, 8).map((d: { path: string; message: string }) => `${d.path}: ${d.message}`) : [body?.errorMessage ?? `The workbook could not be read (${response.status})`]);
      return setFile(body.file as ScorecardFile);
    }
    let json: unknown;
    try {
      json = JSON.parse(await chosen.text());
    } catch {
      return setProblems([`${chosen.name} is not a JSON file.`]);
    }
    const parsed = ScorecardFile.safeParse(json);
    if (!parsed.success) return setProblems(zodDetails(parsed.error).slice(0, 8).map((d) => `${d.path || "file"}: ${d.message}`));
    setFile(parsed.data);
  }

  const counts = file ? count(file.kpis) : null;
  return (
    <div className="flex flex-col gap-2">
      <label className="flex flex-col gap-1.5 text-sm">
        <span className="font-medium">Import a scorecard file (JSON) or an Excel report (.xlsx)</span>
        <input type="file" accept=".json,application/json,.xlsx" onChange={(e) => choose(e.target.files?.[0])} className="text-sm" />
      </label>
      {problems.length > 0 && (
        <FieldError>
          Nothing imported. {problems.join(". ")}
        </FieldError>
      )}
      {file && counts && (
        <div role="status" className="flex flex-wrap items-center gap-3 rounded-md border border-slate-200 p-3 text-sm dark:border-slate-700">
          <span>
            <strong>{file.name}</strong>: {counts.containers} container(s), {counts.kpis} KPI(s) ({counts.formulas} with a formula), {counts.values} value record(s),
            {" "}{counts.initiatives} initiative(s), {file.links?.length ?? 0} map arrow(s). Top level: {file.kpis.map((k) => k.name).join(", ")}.
          </span>
          <Button type="button" disabled={save.isPending} onClick={() => save.mutate({ input: {}, body: file as never })}>Import it</Button>
        </div>
      )}
    </div>
  );
}
