import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { accounts } from "@/lib/db/schema";
import { normalizeEmail } from "./login";
import { hashPassword } from "./passwords";

const Email = z.email("Invalid e-mail address");
const Password = z.string().min(8, "The password must have at least 8 characters").max(1024);

export async function createAccount(db: Db, email: string, password: string, cost = 17): Promise<number> {
  const address = Email.parse(normalizeEmail(email));
  const passwordHash = await hashPassword(Password.parse(password), cost);
  const [row] = await db
    .insert(accounts)
    .values({ email: address, passwordHash })
    .onConflictDoNothing({ target: accounts.email })
    .returning({ id: accounts.id });
  if (!row) throw new Error(`An account for ${address} already exists`);
  return row.id;
}

export async function findAccountId(db: Db, email: string): Promise<number | null> {
  const [row] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, normalizeEmail(email)));
  return row?.id ?? null;
}
