import { useTranslations } from "next-intl";
import { NoticePanel } from "@/components/ui/notice";
import { PageLink } from "@/components/ui/page-link";

/** A page a role may not use, in place of that page: what it is for, who may use it, and a way back. */
export function RoleRefusal({ title, children, backHref = "/", backLabel }: { title: string; children: string; backHref?: string; backLabel?: string }) {
  const t = useTranslations("pages.notFound");
  return (
    <NoticePanel
      tone="plain"
      heading="h1"
      title={title}
      action={
        <PageLink href={backHref} className="mt-4 inline-block text-sm font-medium text-blue-700 hover:underline dark:text-blue-400">
          {backLabel ?? t("back")}
        </PageLink>
      }
    >
      {children}
    </NoticePanel>
  );
}
