import { useTranslations } from "next-intl";
import { PageLink } from "@/components/ui/page-link";
import type { AccessInfo } from "@/lib/contract/auth";
import type { Role } from "@/lib/contract/people";
import { HeaderBar } from "./header-bar";
import { LogoutButton } from "./logout-button";
import { ThemeToggle } from "./theme-toggle";

const links: { href: string; label: "scorecards" | "connectors" | "webhooks" | "people" | "activity" | "apiKeys" | "apiReference"; roles: Role[] }[] = [
  { href: "/", label: "scorecards", roles: ["admin", "expert", "viewer"] },
  { href: "/connectors", label: "connectors", roles: ["admin", "expert"] },
  { href: "/webhooks", label: "webhooks", roles: ["admin"] },
  { href: "/people", label: "people", roles: ["admin"] },
  { href: "/activity", label: "activity", roles: ["admin"] },
  { href: "/api-keys", label: "apiKeys", roles: ["admin", "expert", "viewer"] },
  { href: "/rest/docs", label: "apiReference", roles: ["admin", "expert"] },
];

export function AppHeader({ email, budget }: { email: string; budget: AccessInfo }) {
  const t = useTranslations("layout.links");
  const roles = useTranslations("roles");
  return (
    <HeaderBar links={links.filter((link) => link.roles.includes(budget.role)).map((link) => ({ href: link.href, label: t(link.label) }))}>
      <PageLink
        href="/account"
        className="hidden text-sm text-slate-600 hover:text-blue-700 hover:underline md:inline dark:text-slate-400 dark:hover:text-blue-400"
      >
        {email} <span className="text-xs">({roles(budget.role)})</span>
      </PageLink>
      {/* On a phone the e-mail does not fit: a short link to the same page stands in for it. */}
      <PageLink
        href="/account"
        aria-label={t("accountOf", { email })}
        className="text-sm text-slate-700 hover:text-blue-700 hover:underline md:hidden dark:text-slate-200 dark:hover:text-blue-400"
      >
        {t("account")}
      </PageLink>
      <ThemeToggle />
      <LogoutButton />
    </HeaderBar>
  );
}
