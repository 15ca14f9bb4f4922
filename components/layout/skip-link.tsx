import { useTranslations } from "next-intl";

/** The first tab stop of every page: straight to its content, past the header's links. */
export function SkipLink() {
  const t = useTranslations("layout");
  return (
    <a
      href="#content"
      className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-blue-800 focus:shadow focus:outline-2 focus:outline-blue-600 dark:focus:bg-slate-900 dark:focus:text-blue-300"
    >
      {t("skip")}
    </a>
  );
}
