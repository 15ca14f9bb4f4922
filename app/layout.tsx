import type { Metadata, Viewport } from "next";
import { cookies, headers } from "next/headers";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getMessages } from "next-intl/server";
import type { ReactNode } from "react";
import { TIME_ZONE_COOKIE } from "@/lib/i18n/locales";
import { LAYOUT_NAMESPACES, pickMessages } from "@/lib/i18n/namespaces";
import { isTheme, THEME_COOKIE } from "@/lib/theme";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Gauge", template: "%s · Gauge" },
  description: "KPI dashboard and KPI data API",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

// The reader's chosen theme comes with the page (the theme cookie). Without a cookie this script
// runs before the first paint, so nothing flashes and nothing waits for hydration: a choice an
// earlier version kept in localStorage moves to the cookie, else the system's theme is followed.
const systemThemeScript =
  `try{var k=localStorage.getItem("theme")}catch(e){}` +
  `if(k==="dark"||k==="light"){document.cookie="${THEME_COOKIE}="+k+";path=/;max-age=31536000;samesite=lax";localStorage.removeItem("theme");if(k==="dark")document.documentElement.classList.add("dark")}` +
  `else if(matchMedia("(prefers-color-scheme: dark)").matches)document.documentElement.classList.add("dark");`;
// Records the browser's time zone, so the server writes times as the reader's clock shows them.
// It waits for the load event: reading the zone starts the browser's ICU, work the first paint
// should not wait for.
const timeZoneScript = `addEventListener("load",function(){try{document.cookie="${TIME_ZONE_COOKIE}="+encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)+";path=/;max-age=31536000;samesite=lax"}catch(e){}});`;

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The Content-Security-Policy's nonce for this response (proxy.ts): inline scripts need it.
  const [nonce, locale] = [(await headers()).get("x-nonce") ?? undefined, await getLocale()];
  const theme = (await cookies()).get(THEME_COOKIE)?.value;
  const chosen = isTheme(theme) ? theme : undefined;
  return (
    <html lang={locale} className={chosen === "dark" ? "dark" : undefined} suppressHydrationWarning>
      <head>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant scripts, which must run before the first paint */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: (chosen ? "" : systemThemeScript) + timeZoneScript }} />
      </head>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        {/* Each page sends its own messages beside these (withPageMessages). */}
        {/* The query client is the data pages' own (the dashboard's and public links' layouts): sign-in pages do not carry it. */}
        <NextIntlClientProvider messages={pickMessages(await getMessages(), LAYOUT_NAMESPACES)}>{children}</NextIntlClientProvider>
      </body>
    </html>
  );
}
