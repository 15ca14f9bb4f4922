"use client";

import { Button } from "@/components/ui/button";

export function PrintButton() {
  return <Button variant="secondary" className="!py-1.5" onClick={() => window.print()}>Print</Button>;
}
