"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import type { KpiNode, Period } from "@/lib/contract/kpis";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useTranslations } from "next-intl";

// The panel's code loads when it is opened: the scorecard page does not carry it.
const WhatIfPanel = dynamic(() => import("./what-if-panel").then((m) => m.WhatIfPanel), { ssr: false, loading: () => <Skeleton className="h-40" /> });

export function LazyWhatIf(props: { docId: number; period: Period; root: KpiNode }) {
  const t = useTranslations("whatIf");
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <div>
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {t("title")}
        </Button>
      </div>
    );
  return <WhatIfPanel {...props} />;
}
