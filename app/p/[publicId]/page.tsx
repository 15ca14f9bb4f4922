import type { Metadata } from "next";
import { ScorecardFilters } from "@/components/kpi/scorecard-filters";
import { ScorecardPanels } from "@/components/kpi/scorecard-view";
import { NoticePanel } from "@/components/ui/notice";
import { readPublicScorecard } from "@/lib/bff/public-scorecard";
import { filtersFrom } from "@/lib/filters";
import type { SearchParams } from "@/lib/page-params";
import { getLocale, getTranslations } from "next-intl/server";
import { localizedTree } from "@/lib/i18n/localized";
import { withPageMessages } from "@/lib/i18n/page-messages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("scorecard"))("metaTitle"), robots: { index: false } };
}

/** A scorecard published read-only: no login, no editing controls, no API budget spent per visitor. */
async function PublicScorecardPage({ params, searchParams }: { params: Promise<{ publicId: string }>; searchParams: SearchParams }) {
  const { publicId } = await params;
  const filters = filtersFrom(await searchParams);
  const [data, t] = [await readPublicScorecard(publicId, filters), await getTranslations("pages.titles")];
  // Said in the page itself rather than with notFound(): Next answers a dynamic page's notFound()
  // with a bare error document (no lang, no text) until its scripts have run (vercel/next.js#97514).
  if (!data) return <UnpublishedLink />;
  const [{ card: original, grouped }, locale] = [data, await getLocale()];
  // The root carries the scorecard's name, description and their translations.
  const root = localizedTree(original.root, locale);
  const card = { ...original, name: root.name, description: root.description, root };
  return (
    <main className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6">
      <div>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("published")}</p>
        <h1 className="text-2xl font-semibold tracking-tight">{card.name}</h1>
        {card.description && <p className="text-sm text-slate-600 dark:text-slate-400">{card.description}</p>}
      </div>
      <ScorecardFilters filters={filters} />
      <ScorecardPanels root={card.root} items={grouped.items} period={filters.period} />
    </main>
  );
}

/** A public link that leads nowhere: never published, or unpublished since. */
async function UnpublishedLink() {
  const t = await getTranslations("pages.notFound");
  return (
    <main id="content" className="mx-auto max-w-7xl px-4 py-6">
      <NoticePanel tone="plain" heading="h1" title={t("title")}>
        {t("text")}
      </NoticePanel>
    </main>
  );
}

export default withPageMessages(
  ["chart", "connectors.fedBy", "filters", "history", "initiatives", "kpi", "notes", "periods", "scorecard", "whatIf"],
  PublicScorecardPage,
);
