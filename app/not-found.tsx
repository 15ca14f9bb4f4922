import { HeaderBar } from "@/components/layout/header-bar";
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
      <HeaderBar links={links} />
      <main id="content" tabIndex={-1} className="mx-auto max-w-7xl px-4 py-6 focus:outline-none">
        <NoticePanel tone="plain" heading="h1" title="There is no page at this address">
          The link may be mistyped, or the page has moved. Your scorecards are one click away.
        </NoticePanel>
      </main>
    </>
  );
}
