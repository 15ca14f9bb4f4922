import Link from "next/link";
import type { AccessInfo } from "@/lib/contract/auth";
import { CallBudget } from "./call-budget";
import { LogoutButton } from "./logout-button";
import { ThemeToggle } from "./theme-toggle";

export function AppHeader({ email, budget }: { email: string; budget: AccessInfo }) {
  return (
    <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
        <Link href="/" className="text-lg font-semibold tracking-tight">
          Gauge
        </Link>
        <nav aria-label="Main" className="flex gap-4 text-sm">
          <Link href="/" className="text-slate-700 hover:text-blue-700 dark:text-slate-200 dark:hover:text-blue-400">
            Scorecards
          </Link>
          <Link href="/webhooks" className="text-slate-700 hover:text-blue-700 dark:text-slate-200 dark:hover:text-blue-400">
            Webhooks
          </Link>
        </nav>
        <div className="ml-auto flex flex-wrap items-center gap-3">
          <CallBudget initial={budget} />
          <span className="hidden text-sm text-slate-600 md:inline dark:text-slate-400">{email}</span>
          <ThemeToggle />
          <LogoutButton />
        </div>
      </div>
    </header>
  );
}
