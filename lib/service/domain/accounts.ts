import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { withGlobalLock, type Db } from "@/lib/db/client";
import { accounts, users } from "@/lib/db/schema";
import { NewPassword, type Role } from "@/lib/contract/people";
import { normalizeEmail } from "../sign-in/login";
import { hashPassword } from "../sign-in/passwords";

const Email = z.email("Invalid e-mail address");

/** A new account whose first user is its admin; returns the account's id. */
export async function createAccount(db: Db, email: string, password: string, cost = 17): Promise<number> {
  const address = Email.parse(normalizeEmail(email));
  const passwordHash = await hashPassword(NewPassword.parse(password), cost);
  return db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, address));
    if (taken) throw new Error(`A user ${address} already exists`);
    const [account] = await tx
      .insert(accounts)
      .values({ name: address.split("@")[1] ?? "" })
      .returning({ id: accounts.id });
    await tx.insert(users).values({ accountId: account!.id, email: address, passwordHash, role: "admin" });
    return account!.id;
  });
}

/** Adds a user to an existing account (the CLI's add-user). */
export async function addUser(db: Db, accountId: number, email: string, password: string, role: Role, cost = 17): Promise<number> {
  const address = Email.parse(normalizeEmail(email));
  const passwordHash = await hashPassword(NewPassword.parse(password), cost);
  const [row] = await db
    .insert(users)
    .values({ accountId, email: address, passwordHash, role })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (!row) throw new Error(`A user ${address} already exists`);
  return row.id;
}

/** The account of the user with this e-mail. */
export async function findAccountId(db: Db, email: string): Promise<number | null> {
  const [row] = await db
    .select({ id: users.accountId })
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  return row?.id ?? null;
}

/** True while the database holds no user at all (a fresh installation without demo data). */
export async function setupNeeded(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).limit(1);
  return !row;
}

/**
 * Creates the first account and admin, only on a database without users. Under a global lock,
 * so two first visitors at once cannot both become admins of two accounts.
 */
export async function createFirstAdmin(db: Db, email: string, password: string, cost: number): Promise<{ accountId: number; userId: number } | null> {
  return withGlobalLock(db, FIRST_ADMIN_LOCK, async (tx) => {
    if (!(await setupNeeded(tx))) return null;
    const accountId = await createAccount(tx, email, password, cost);
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.accountId, accountId));
    return { accountId, userId: user!.id };
  });
}
const FIRST_ADMIN_LOCK = 727_003;
