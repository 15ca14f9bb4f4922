import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { AppHeader } from "@/components/layout/app-header";
import { BrowserStaleNotice } from "@/components/layout/browser-stale-notice";
import { SkipLink } from "@/components/layout/skip-link";
import { ViewerProvider } from "@/components/layout/viewer";
import type { AccessInfo } from "@/lib/contract/auth";
import { ApiCallError } from "@/lib/bff/http";
import { redirectToLogin, requireSessionClient, sessionBudget } from "@/lib/bff/session-client";
import { Providers } from "@/app/providers";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const { email } = await requireSessionClient();
  let budget: AccessInfo;
  try {
    // access/info is not counted; it also tells us whether the token still works.
    budget = await sessionBudget();
  } catch (error) {
    if (error instanceof ApiCallError && error.status === 401) return redirectToLogin(true);
    throw error;
  }
  // The account requires two-factor codes this session has not set up: the Account page is all it may use.
  if (budget.twoFactorSetupNeeded && !((await headers()).get("x-pathname") ?? "").startsWith("/account")) redirect("/account");
  return (
    <Providers>
      <SkipLink />
      <AppHeader email={email} budget={budget} />
      <ViewerProvider viewer={{ userId: budget.userId, role: budget.role }}>
        <main id="content" tabIndex={-1} className="mx-auto max-w-7xl px-4 py-6 focus:outline-none">
          <BrowserStaleNotice />
          {children}
        </main>
      </ViewerProvider>
    </Providers>
  );
}
