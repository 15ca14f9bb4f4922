import type { ReactNode } from "react";
import { NoticePanel } from "@/components/ui/notice";
import { useTranslations } from "next-intl";
import { useFormats } from "@/lib/i18n/use-formats";

/**
 * What a page says at the call limit when none of its figures were ever read (a page read before
 * shows its last figures under StaleNotice instead): that, and when they can be read.
 */
export function CallLimitMessage({ retryAfterSeconds, action }: { retryAfterSeconds: number | null; action?: ReactNode }) {
  const t = useTranslations("layout.limit");
  const f = useFormats();
  const seconds = retryAfterSeconds ?? 60;
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  const at = f.time(new Date(Date.now() + seconds * 1000).toISOString());
  return (
    <NoticePanel tone="warning" title={t("title")} action={action}>
      {t("body", { at, minutes })}
    </NoticePanel>
  );
}
