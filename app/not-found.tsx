import Link from "next/link";
import { SkipLink } from "@/components/layout/skip-link";
import { NoticePanel } from "@/components/ui/notice";

const links = [
  { href: "/", label: "Your scorecards" },
  { href: "/api-keys", label: "API keys" },
  { href: "/login", label: "Log in" },
];

/** Any address the app does not have: the dashboard's own page, with the way back in. */
export default function NotFound() {
  return (
    <>
      <SkipLink />
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <Link href="/" className="text-lg font-semibold tracking-tight">
            Gauge
          </Link>
          <nav aria-label="Main" className="flex gap-4 text-sm">
            {links.map((link) => (
              <Link key={link.href} href={link.href} className="text-slate-700 hover:text-blue-700 dark:text-slate-200 dark:hover:text-blue-400">
                {link.label}
              </Link>
            ))}
          </nav>
        </div>
      </header>
      <main id="content" tabIndex={-1} className="mx-auto max-w-7xl px-4 py-6 focus:outline-none">
        <NoticePanel tone="plain" heading="h1" title="There is no page at this address">
          The link may be mistyped, or the page has moved. Your scorecards are one click away.
        </NoticePanel>
      </main>
    </>
  );
}
