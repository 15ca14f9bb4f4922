import Link from "next/link";
import { useTranslations } from "next-intl";
import { NoticePanel } from "@/components/ui/notice";

/** A page a role may not use, in place of that page: what it is for, who may use it, and a way back. */
export function RoleRefusal({ title, children, backHref = "/", backLabel }: { title: string; children: string; backHref?: string; backLabel?: string }) {
  const t = useTranslations("pages.notFound");
  return (
    <NoticePanel
      tone="plain"
      heading="h1"
      title={title}
      action={
        <Link href={backHref} className="mt-4 inline-block text-sm font-medium text-blue-700 hover:underline dark:text-blue-400">
          {backLabel ?? t("back")}
        </Link>
      }
    >
      {children}
    </NoticePanel>
  );
}
