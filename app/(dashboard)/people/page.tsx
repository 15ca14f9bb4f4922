import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { PeopleManager } from "@/components/people/people-manager";
import { RoleRefusal } from "@/components/layout/role-refusal";
import { PageLink } from "@/components/ui/page-link";
import { Skeleton } from "@/components/ui/skeleton";
import { Prefetch } from "@/lib/bff/prefetch";
import { requireSessionClient, sessionBudget } from "@/lib/bff/session-client";
import { withPageMessages } from "@/lib/i18n/page-messages";
import { PageHeading } from "@/components/ui/page-heading";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("people"))("metaTitle") };
}

async function PeoplePage() {
  await requireSessionClient();
  const [me, t] = [await sessionBudget(), await getTranslations("people")];
  if (me.role !== "admin") {
    return <RoleRefusal title={t("onlyAdmins")}>{t("onlyAdminsText")}</RoleRefusal>;
  }
  return (
    <Prefetch
      queries={[
        ["users", {}],
        ["invitations", {}],
      ]}
    >
      <div className="flex flex-col gap-4">
        <PageHeading title={t("metaTitle")}>
          {t.rich("lead", {
            perUser: me.limitPerUser,
            link: (chunks) => (
              <PageLink href="/security" className="font-medium text-blue-700 hover:underline dark:text-blue-400">
                {chunks}
              </PageLink>
            ),
          })}
        </PageHeading>
        <Suspense fallback={<Skeleton className="h-64" />}>
          <PeopleManager me={me.userId} />
        </Suspense>
      </div>
    </Prefetch>
  );
}

export default withPageMessages(["people", "roles", "shownOnce"], PeoplePage);
