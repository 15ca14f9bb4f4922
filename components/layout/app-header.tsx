import Link from "next/link";
import type { AccessInfo } from "@/lib/contract/auth";
import type { Role } from "@/lib/contract/people";
import { CallBudget } from "./call-budget";
import { LogoutButton } from "./logout-button";
import { ThemeToggle } from "./theme-toggle";

const links: { href: string; label: string; roles: Role[] }[] = [
  { href: "/", label: "Scorecards", roles: ["admin", "expert", "viewer"] },
  { href: "/webhooks", label: "Webhooks", roles: ["admin"] },
  { href: "/people", label: "People", roles: ["admin"] },
  { href: "/api-keys", label: "API keys", roles: ["admin", "expert", "viewer"] },
  { href: "/rest/docs", label: "API reference", roles: ["admin", "expert"] },
];

export function AppHeader({ email, budget }: { email: string; budget: AccessInfo }) {
  return (
    <header className="print:hidden border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
        <Link href="/" className="text-lg font-semibold tracking-tight">
          Gauge
        </Link>
        <nav aria-label="Main" className="order-last flex w-full flex-wrap gap-x-4 gap-y-1 text-sm sm:order-none sm:w-auto">
          {links.filter((link) => link.roles.includes(budget.role)).map((link) => (
            // The API reference is served by the API, not by a dashboard page: a plain link.
            link.href.startsWith("/rest/") ? (
              <a key={link.href} href={link.href} className="whitespace-nowrap text-slate-700 hover:text-blue-700 dark:text-slate-200 dark:hover:text-blue-400">
                {link.label}
              </a>
            ) : (
              <Link key={link.href} href={link.href} className="whitespace-nowrap text-slate-700 hover:text-blue-700 dark:text-slate-200 dark:hover:text-blue-400">
                {link.label}
              </Link>
            )
          ))}
        </nav>
        <div className="ml-auto flex flex-wrap items-center gap-3">
          {/* Viewers do not spend the budget on their own account's scripts: no API technicalities for them. */}
          {budget.role !== "viewer" && <CallBudget initial={budget} />}
          <Link href="/account" className="hidden text-sm text-slate-600 hover:text-blue-700 hover:underline md:inline dark:text-slate-400 dark:hover:text-blue-400">
            {email} <span className="text-xs">({budget.role})</span>
          </Link>
          <ThemeToggle />
          <LogoutButton />
        </div>
      </div>
    </header>
  );
}
