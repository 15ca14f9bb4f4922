import Link from "next/link";
import type { AccessInfo } from "@/lib/contract/auth";
import type { Role } from "@/lib/contract/people";
import { CallBudget } from "./call-budget";
import { HeaderBar } from "./header-bar";
import { LogoutButton } from "./logout-button";
import { ThemeToggle } from "./theme-toggle";

const links: { href: string; label: string; roles: Role[] }[] = [
  { href: "/", label: "Scorecards", roles: ["admin", "expert", "viewer"] },
  { href: "/connectors", label: "Connectors", roles: ["admin", "expert"] },
  { href: "/webhooks", label: "Webhooks", roles: ["admin"] },
  { href: "/people", label: "People", roles: ["admin"] },
  { href: "/activity", label: "Activity log", roles: ["admin"] },
  { href: "/api-keys", label: "API keys", roles: ["admin", "expert", "viewer"] },
  { href: "/rest/docs", label: "API reference", roles: ["admin", "expert"] },
];

export function AppHeader({ email, budget }: { email: string; budget: AccessInfo }) {
  return (
    <HeaderBar links={links.filter((link) => link.roles.includes(budget.role))}>
      {/* Viewers do not spend the budget on their own account's scripts: no API technicalities for them. */}
      {budget.role !== "viewer" && <CallBudget initial={budget} />}
      <Link href="/account" className="hidden text-sm text-slate-600 hover:text-blue-700 hover:underline md:inline dark:text-slate-400 dark:hover:text-blue-400">
        {email} <span className="text-xs">({budget.role})</span>
      </Link>
      <ThemeToggle />
      <LogoutButton />
    </HeaderBar>
  );
}
