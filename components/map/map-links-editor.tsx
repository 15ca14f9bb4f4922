"use client";

import { useState, type FormEvent } from "react";
import { PageLink } from "@/components/ui/page-link";
import type { StrategyMap } from "@/lib/contract/maps";
import { useWrite } from "@/lib/bff/queries";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { selectClass } from "@/components/ui/field";
import { FieldError } from "@/components/ui/notice";
import { useTranslations } from "next-intl";
import { useErrorText } from "@/lib/i18n/use-error-text";

/** The map's cause-and-effect arrows as a list: add one by choosing two objectives, remove any. */
export function MapLinksEditor({ docId, map }: { docId: number; map: StrategyMap }) {
  const [error, setError] = useState<string | null>(null);
  const t = useTranslations("map.links");
  const errorText = useErrorText();
  const save = useWrite("setMapLinks", { onSuccess: () => setError(null), onError: (e) => setError(errorText(e)) });
  const objectives = map.perspectives.flatMap((p) => p.objectives.map((o) => ({ ...o, perspective: p.name })));
  const name = (guid: string) => objectives.find((o) => o.guid === guid)?.name ?? "?";
  const put = (links: StrategyMap["links"]) => save.mutate({ input: { docId, mapId: map.id }, body: { links } });

  function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const [fromGuid, toGuid] = [String(data.get("from")), String(data.get("to"))];
    if (fromGuid === toGuid) return setError(t("twoDifferent"));
    if (map.links.some((l) => l.fromGuid === fromGuid && l.toGuid === toGuid)) return setError(t("already"));
    put([...map.links, { fromGuid, toGuid }]);
  }

  const options = objectives.map((o) => <option key={o.guid} value={o.guid}>{`${o.name} (${o.perspective})`}</option>);
  return (
    <Card id="map-links" title={t("title")} className="print:hidden">
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
        {t.rich("lead", {
          link: (chunks) => (
            <PageLink href={`/s/${docId}/edit`} className="text-blue-700 underline dark:text-blue-400">
              {chunks}
            </PageLink>
          ),
        })}
      </p>
      <form onSubmit={add} aria-label={t("form")} className="flex flex-wrap items-end gap-3 text-sm">
        <label className="flex min-w-0 max-w-full flex-col gap-1.5">
          <span className="font-medium">{t("from")}</span>
          <select name="from" className={`${selectClass} max-w-full`}>
            {options}
          </select>
        </label>
        <label className="flex min-w-0 max-w-full flex-col gap-1.5">
          <span className="font-medium">{t("to")}</span>
          <select name="to" className={`${selectClass} max-w-full`} defaultValue={objectives[1]?.guid}>
            {options}
          </select>
        </label>
        <Button type="submit" disabled={save.isPending}>
          {t("add")}
        </Button>
      </form>
      {error && <FieldError>{error}</FieldError>}
      {map.links.length > 0 && (
        <ul className="mt-4 flex flex-col gap-1 text-sm">
          {map.links.map((l) => (
            <li key={`${l.fromGuid}-${l.toGuid}`} className="flex items-center justify-between gap-2">
              <span>
                {name(l.fromGuid)} → {name(l.toGuid)}
              </span>
              <Button
                variant="ghost"
                className="py-0.5"
                aria-label={t("removeLabel", { from: name(l.fromGuid), to: name(l.toGuid) })}
                disabled={save.isPending}
                onClick={() => put(map.links.filter((x) => x !== l))}
              >
                {t("remove")}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
