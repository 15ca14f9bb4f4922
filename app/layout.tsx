import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getMessages } from "next-intl/server";
import type { ReactNode } from "react";
import { TIME_ZONE_COOKIE } from "@/lib/i18n/locales";
import { LAYOUT_NAMESPACES, pickMessages } from "@/lib/i18n/namespaces";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Gauge", template: "%s · Gauge" },
  description: "KPI dashboard and KPI data API",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

// Applies the saved theme (or the system's) before the first paint, so nothing flashes, and
// records the browser's time zone, so the server writes times as the reader's clock shows them.
const themeScript = `try{var t=localStorage.getItem("theme");if(t==="dark"||(!t&&matchMedia("(prefers-color-scheme: dark)").matches))document.documentElement.classList.add("dark");document.cookie="${TIME_ZONE_COOKIE}="+encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)+";path=/;max-age=31536000;samesite=lax"}catch(e){}`;

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The Content-Security-Policy's nonce for this response (proxy.ts): inline scripts need it.
  const [nonce, locale] = [(await headers()).get("x-nonce") ?? undefined, await getLocale()];
  return (
    <html lang={locale} suppressHydrationWarning>
      <head>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeScript }} />
      </head>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        {/* Each page sends its own messages beside these (withPageMessages). */}
        {/* The query client is the data pages' own (the dashboard's and public links' layouts): sign-in pages do not carry it. */}
        <NextIntlClientProvider messages={pickMessages(await getMessages(), LAYOUT_NAMESPACES)}>{children}</NextIntlClientProvider>
      </body>
    </html>
  );
}
