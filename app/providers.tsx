"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { ApiCallError } from "@/lib/bff/http";
import { makeQueryClient } from "@/lib/query-client";

function toLoginOnExpiredSession(error: unknown) {
  if (error instanceof ApiCallError && error.status === 401) {
    const next = encodeURIComponent(window.location.pathname + window.location.search);
    window.location.assign(`/login?expired=1&next=${next}`);
  }
}

export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(() => makeQueryClient(toLoginOnExpiredSession));
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
