"use client";

import { useTranslations } from "next-intl";
import { usePathname } from "next/navigation";
import { useEffect, useState } from "react";
import { STALE_READ_EVENT, type StaleReadDetail } from "@/lib/bff/queries";
import { Notice } from "@/components/ui/notice";
import { useFormats } from "@/lib/i18n/use-formats";

/**
 * The browser's own reads (a page's re-read after a save) may come from the cache at the call
 * limit, older than what was just saved: this says so, as the server's StaleNotice does for a
 * page's first render, until the next page.
 */
export function BrowserStaleNotice() {
  const t = useTranslations("layout.stale");
  const f = useFormats();
  const [stale, setStale] = useState<StaleReadDetail | null>(null);
  const pathname = usePathname();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a notice belongs to the page it was shown on
  useEffect(() => setStale(null), [pathname]);
  useEffect(() => {
    const show = (event: Event) => setStale((event as CustomEvent<StaleReadDetail>).detail);
    window.addEventListener(STALE_READ_EVENT, show);
    return () => window.removeEventListener(STALE_READ_EVENT, show);
  }, []);
  if (!stale) return null;
  return (
    <Notice tone="warning" className="mb-4">
      {stale.liveAgainAt ? t("asOfLiveAt", { asOf: f.time(stale.asOf), liveAt: f.time(stale.liveAgainAt) }) : t("asOf", { asOf: f.time(stale.asOf) })}{" "}
      {t("browser")}
    </Notice>
  );
}
