import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { PageLink } from "@/components/ui/page-link";

const linkClass = "whitespace-nowrap text-slate-700 hover:text-blue-700 dark:text-slate-200 dark:hover:text-blue-400";

/**
 * The bar atop every dashboard page: the name, the main links, and what goes on the right (the
 * signed-in person's budget, theme and logout). Links under /rest/ are the API's, not pages:
 * plain links, not client navigation.
 */
export function HeaderBar({ links, children }: { links: { href: string; label: string }[]; children?: ReactNode }) {
  const t = useTranslations("layout");
  return (
    <header className="print:hidden border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
        <PageLink href="/" className="text-lg font-semibold tracking-tight">
          Gauge
        </PageLink>
        <nav aria-label={t("mainNav")} className="order-last flex w-full flex-wrap gap-x-4 gap-y-1 text-sm sm:order-none sm:w-auto">
          {links.map((link) =>
            link.href.startsWith("/rest/") ? (
              <a key={link.href} href={link.href} className={linkClass}>
                {link.label}
              </a>
            ) : (
              <PageLink key={link.href} href={link.href} className={linkClass}>
                {link.label}
              </PageLink>
            ),
          )}
        </nav>
        {children && <div className="ml-auto flex flex-wrap items-center gap-3">{children}</div>}
      </div>
    </header>
  );
}
