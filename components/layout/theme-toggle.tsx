"use client";

import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import { isTheme, saveTheme, THEME_COOKIE } from "@/lib/theme";

export function ThemeToggle() {
  const t = useTranslations("layout");
  // A choice an earlier version kept in localStorage moves to the cookie, which the server reads.
  useEffect(() => {
    if (document.cookie.includes(`${THEME_COOKIE}=`)) return;
    const kept = localStorage.getItem("theme");
    if (!isTheme(kept)) return;
    saveTheme(kept);
    document.documentElement.classList.toggle("dark", kept === "dark");
    localStorage.removeItem("theme");
  }, []);
  function toggle() {
    saveTheme(document.documentElement.classList.toggle("dark") ? "dark" : "light");
  }
  return (
    <Button variant="ghost" onClick={toggle} aria-label={t("theme")} className="px-2">
      <span aria-hidden className="dark:hidden">☾</span>
      <span aria-hidden className="hidden dark:inline">☀</span>
    </Button>
  );
}
