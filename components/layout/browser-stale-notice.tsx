"use client";

import { usePathname } from "next/navigation";
import { useEffect, useState } from "react";
import { STALE_READ_EVENT, type StaleReadDetail } from "@/lib/bff/queries";
import { Notice } from "@/components/ui/notice";
import { formatTime } from "@/lib/format";

/**
 * The browser's own reads (a page's re-read after a save) may come from the cache at the call
 * limit, older than what was just saved: this says so, as the server's StaleNotice does for a
 * page's first render, until the next page.
 */
export function BrowserStaleNotice() {
  const [stale, setStale] = useState<StaleReadDetail | null>(null);
  const pathname = usePathname();
  useEffect(() => setStale(null), [pathname]);
  useEffect(() => {
    const show = (event: Event) => setStale((event as CustomEvent<StaleReadDetail>).detail);
    window.addEventListener(STALE_READ_EVENT, show);
    return () => window.removeEventListener(STALE_READ_EVENT, show);
  }, []);
  if (!stale) return null;
  return (
    <Notice tone="warning" className="mb-4">
      Figures as of {formatTime(stale.asOf)}{stale.liveAgainAt ? ` - live again at ${formatTime(stale.liveAgainAt)}` : ""}. This hour&apos;s API
      calls are used up, so the page could not read its figures again and shows the last ones read: what you saved is stored, and shows
      once the calls are back.
    </Notice>
  );
}
