import "server-only";
import { eq } from "drizzle-orm";
import type { Preferences } from "@/lib/contract/preferences";
import { users } from "@/lib/db/schema";
import type { Ctx } from "../context";

/** The caller's own preferences. */
export async function preferencesOf({ deps, caller }: Ctx): Promise<Preferences> {
  const [row] = await deps.db.select({ language: users.language }).from(users).where(eq(users.id, caller.userId));
  return { language: (row?.language ?? null) as Preferences["language"] };
}

export async function updatePreferences({ deps, caller }: Ctx, input: Preferences): Promise<Preferences> {
  await deps.db.update(users).set({ language: input.language }).where(eq(users.id, caller.userId));
  return { language: input.language };
}
