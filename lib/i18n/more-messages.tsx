"use client";

import { NextIntlClientProvider, useLocale, useMessages } from "next-intl";
import { useMemo, type ReactNode } from "react";

/** Adds a page's own messages to those the layouts sent (the provider's messages replace, not add). */
export function MoreMessages({ messages, children }: { messages: Record<string, unknown>; children: ReactNode }) {
  const outer = useMessages();
  const locale = useLocale();
  const merged = useMemo(() => ({ ...outer, ...messages }), [outer, messages]);
  return (
    <NextIntlClientProvider locale={locale} messages={merged as typeof outer}>
      {children}
    </NextIntlClientProvider>
  );
}
