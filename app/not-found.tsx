import { useTranslations } from "next-intl";
import { HeaderBar } from "@/components/layout/header-bar";
import { SkipLink } from "@/components/layout/skip-link";
import { NoticePanel } from "@/components/ui/notice";

/** Any address the app does not have: the dashboard's own page, with the way back in. */
export default function NotFound() {
  const t = useTranslations();
  const links = [
    { href: "/", label: t("pages.notFound.yourScorecards") },
    { href: "/api-keys", label: t("layout.links.apiKeys") },
    { href: "/login", label: t("auth.logIn") },
  ];
  return (
    <>
      <SkipLink />
      <HeaderBar links={links} />
      <main id="content" tabIndex={-1} className="mx-auto max-w-7xl px-4 py-6 focus:outline-none">
        <NoticePanel tone="plain" heading="h1" title={t("pages.notFound.title")}>
          {t("pages.notFound.text")}
        </NoticePanel>
      </main>
    </>
  );
}
