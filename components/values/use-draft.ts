"use client";

import { useCallback, useEffect, useState } from "react";
import type { Draft } from "./grid-model";

interface Stored {
  draft: Draft;
  idempotencyKey: string;
}

/**
 * The grid's unsaved edits, kept in localStorage so they survive a reload, with the
 * Idempotency-Key of the save that would send them (a new key whenever they change).
 */
export function useDraft(storageKey: string) {
  const [state, setState] = useState<Stored>({ draft: {}, idempotencyKey: "" });

  useEffect(() => {
    try {
      const saved = JSON.parse(localStorage.getItem(storageKey) ?? "null") as Stored | null;
      setState(saved?.draft ? saved : { draft: {}, idempotencyKey: crypto.randomUUID() });
    } catch {
      setState({ draft: {}, idempotencyKey: crypto.randomUUID() });
    }
  }, [storageKey]);

  const setDraft = useCallback(
    (update: (draft: Draft) => Draft) =>
      setState((current) => {
        const next = { draft: update(current.draft), idempotencyKey: crypto.randomUUID() };
        if (Object.keys(next.draft).length) localStorage.setItem(storageKey, JSON.stringify(next));
        else localStorage.removeItem(storageKey);
        return next;
      }),
    [storageKey],
  );

  return { draft: state.draft, idempotencyKey: state.idempotencyKey, setDraft };
}

/** Leaving with unsaved edits asks first: closing the tab, reloading, or following a link. */
export function useLeaveGuard(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const message = "You have unsaved values. Leave without saving?";
    const beforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest("a[href]");
      if (link && !link.hasAttribute("download") && !window.confirm(message)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener("beforeunload", beforeUnload);
    document.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", beforeUnload);
      document.removeEventListener("click", onClick, true);
    };
  }, [dirty]);
}
