"use client";

import { createContext, useContext, type ReactNode } from "react";
import type { Role } from "@/lib/contract/people";

/** Who is looking (no token, nothing secret): lets a page offer only what this person may do. */
export interface Viewer {
  userId: number;
  role: Role;
}

const ViewerContext = createContext<Viewer | null>(null);

export function ViewerProvider({ viewer, children }: { viewer: Viewer; children: ReactNode }) {
  return <ViewerContext.Provider value={viewer}>{children}</ViewerContext.Provider>;
}

/** The logged-in person, or null on a public page. */
export const useViewer = () => useContext(ViewerContext);
