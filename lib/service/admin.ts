import "server-only";
import { count, eq } from "drizzle-orm";
import { withGlobalLock, type Db } from "@/lib/db/client";
import { DEMO_EMAIL, DEMO_PASSWORD, demoScorecards } from "@/lib/db/demo";
import { importScorecard } from "@/lib/db/import";
import { setChangeAuthor } from "./domain/change-context";
import { accounts, users } from "@/lib/db/schema";
import { ScorecardFile } from "@/lib/contract/scorecard-file";
import { createAccount, findAccountId } from "./domain/accounts";
import { normalizeEmail } from "./sign-in/login";

const SEED_LOCK_ID = 727_002;

/** Creates the demo account and its scorecards; false when the demo account already exists. */
export async function seedDemo(db: Db, options: { today?: Date; passwordCost?: number } = {}): Promise<boolean> {
  return withGlobalLock(db, SEED_LOCK_ID, async (tx) => {
    if (await findAccountId(tx, DEMO_EMAIL)) return false;
    const accountId = await createAccount(tx, DEMO_EMAIL, DEMO_PASSWORD, options.passwordCost);
    // Shared with the whole account, so a person invited to the demo sees and edits them.
    for (const card of demoScorecards(options.today ?? new Date())) await importScorecard(tx, accountId, card, { accountAccess: "write" });
    return true;
  });
}

/** On first start with an empty database, loads the demo. */
async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(accounts);
  return row?.n ? false : seedDemo(db);
}

/**
 * A start's demo data: loaded into an empty database when `wanted`. Answers the demo login to
 * print, only while this database holds the demo account, so a server with demo data off never
 * advertises a login.
 */
export async function demoOnStart(db: Db, wanted: boolean): Promise<{ loaded: boolean; login: string | null }> {
  if (!wanted) return { loaded: false, login: null };
  const loaded = await seedDemoIfEmpty(db);
  const present = loaded || (await findAccountId(db, DEMO_EMAIL)) !== null;
  return { loaded, login: present ? `${DEMO_EMAIL} / ${DEMO_PASSWORD}` : null };
}

/** Validates a scorecard file and imports it, owned by the user with that e-mail, all or nothing. */
export async function importScorecardFile(db: Db, json: unknown, ownerEmail: string): Promise<number> {
  const file = ScorecardFile.parse(json);
  const [owner] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(ownerEmail)));
  if (!owner) throw new Error(`No user ${ownerEmail}: create it first with add-account or add-user`);
  return db.transaction(async (tx) => {
    await setChangeAuthor(tx, { accountId: owner.accountId, userId: owner.id, email: owner.email, via: "cli", at: new Date().toISOString() });
    return importScorecard(tx, owner.accountId, file, { ownerId: owner.id });
  });
}
