"use client";

import { useSuspenseQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { PageLink } from "@/components/ui/page-link";
import { readQuery } from "@/lib/bff/queries";
import { useLocalizedTree } from "@/lib/i18n/use-localized";

/** The scorecard's name and description, from its tree's root (named after it): no extra call. */
export function ScorecardTitle({ docId, subtitle }: { docId: number; subtitle?: string }) {
  const { data } = useSuspenseQuery(readQuery("tree", { docId }));
  const { name, description } = useLocalizedTree(data.root);
  const t = useTranslations();
  return (
    <div>
      <nav aria-label={t("scorecard.breadcrumb")} className="text-sm text-slate-600 dark:text-slate-400">
        <PageLink href="/" className="hover:underline">
          {t("scorecards.title")}
        </PageLink>
        {subtitle && (
          <>
            {" / "}
            <PageLink href={`/s/${docId}`} className="hover:underline">
              {name}
            </PageLink>
          </>
        )}
      </nav>
      <h1 className="text-2xl font-semibold tracking-tight">{subtitle ?? name}</h1>
      {!subtitle && description && <p className="text-sm text-slate-600 dark:text-slate-400">{description}</p>}
    </div>
  );
}
