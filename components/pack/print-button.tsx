"use client";

import { Button } from "@/components/ui/button";
import { useTranslations } from "next-intl";

export function PrintButton() {
  const t = useTranslations("pack");
  return (
    <Button variant="secondary" className="!py-1.5" onClick={() => window.print()}>
      {t("print")}
    </Button>
  );
}
