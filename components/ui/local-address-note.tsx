"use client";

import { useTranslations } from "next-intl";
import { Notice } from "./notice";

/** Whether `url` names this machine: localhost, a loopback address, or no parseable address at all. */
function namesThisMachine(url: string): boolean {
  try {
    const host = new URL(url).hostname.toLowerCase();
    return host === "localhost" || host.endsWith(".localhost") || /^127\.\d+\.\d+\.\d+$/.test(host) || host === "[::1]";
  } catch {
    return false;
  }
}

/**
 * Beside a link made for another machine (a push URL, a spreadsheet link, the OData address, the
 * SSO redirect URI, the SCIM base URL): when it names this machine, says that others cannot reach
 * it and which setting fixes it. Nothing otherwise.
 */
export function LocalAddressNote({ url }: { url: string }) {
  const t = useTranslations("layout.localAddress");
  if (!namesThisMachine(url)) return null;
  return (
    <Notice tone="warning" className="mt-2 text-xs">
      {t.rich("text", { host: new URL(url).host, code: (chunks) => <code>{chunks}</code> })}
    </Notice>
  );
}
