"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { saveTheme } from "@/lib/theme";

export function ThemeToggle() {
  const t = useTranslations("layout");
  function toggle() {
    saveTheme(document.documentElement.classList.toggle("dark") ? "dark" : "light");
  }
  return (
    <Button variant="ghost" onClick={toggle} aria-label={t("theme")} className="px-2">
      <span aria-hidden className="dark:hidden">
        ☾
      </span>
      <span aria-hidden className="hidden dark:inline">
        ☀
      </span>
    </Button>
  );
}
