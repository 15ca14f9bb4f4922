"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";

/**
 * Posts a form to one of the session routes (log in, join, first admin); on success goes to
 * `next` with the new session cookie, otherwise keeps the form and says why.
 */
export function useSessionPost(url: string, next: string) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  /** The fields the server said are at fault (`otp` when a two-factor code is needed). */
  const [faults, setFaults] = useState<string[]>([]);

  async function post(body: unknown) {
    setPending(true);
    setError(null);
    const response = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }).catch(() => null);
    if (response?.ok) {
      router.replace(next);
      router.refresh();
      return;
    }
    setPending(false);
    const answer = (await response?.json().catch(() => null)) as { errorMessage?: string; details?: { path: string }[] } | null;
    setError(answer?.errorMessage ?? "The server could not be reached. Please try again.");
    setFaults(answer?.details?.map((d) => d.path) ?? []);
  }

  return { error, setError, pending, post, faults };
}

/** The chosen password, or why it cannot be used (too short, or the two entries differ). */
export function newPassword(data: FormData): { password: string } | { problem: string } {
  const password = String(data.get("password") ?? "");
  if (password.length < 8) return { problem: "Choose a password of at least 8 characters." };
  if (password !== data.get("confirm")) return { problem: "The two passwords differ." };
  return { password };
}
