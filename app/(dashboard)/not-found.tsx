import { useTranslations } from "next-intl";
import { NoticePanel } from "@/components/ui/notice";
import { PageLink } from "@/components/ui/page-link";

export default function DashboardNotFound() {
  const t = useTranslations("pages.notFound");
  return (
    <NoticePanel
      tone="plain"
      heading="h1"
      title={t("nothing")}
      action={
        <PageLink href="/" className="mt-4 inline-block text-sm font-medium text-blue-700 hover:underline dark:text-blue-400">
          {t("back")}
        </PageLink>
      }
    >
      {t("notShared")}
    </NoticePanel>
  );
}
