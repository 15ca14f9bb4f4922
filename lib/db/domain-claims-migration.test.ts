import { rm } from "node:fs/promises";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { queryRows } from "@/lib/db/query";
import { MIGRATIONS, migrationsUpTo, migrationTargets, type Migrator } from "@/lib/testing/migrations";

// Before 0036 a domain an account listed let single sign-on create people in it. The upgrade keeps
// that for the domains an account's provider has already signed someone of the account in with,
// and for no other: those are proven as by a sign-in; a domain only listed must be proven again.
describe.each(migrationTargets)("upgrading to proven single sign-on domains on $name", ({ open }) => {
  let target: Migrator | undefined;
  let folder: string | undefined;
  afterEach(async () => {
    await target?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it("proves the domains the provider has signed someone of the account in with, and only those", async () => {
    target = await open();
    folder = await migrationsUpTo(35);
    await target.migrate(folder);
    const db = target.db;
    await db.execute(sql`INSERT INTO accounts (id) VALUES (1), (2)`);
    await db.execute(sql`INSERT INTO users (id, account_id, email, password_hash, role, sso_issuer, sso_subject) VALUES
      (1, 1, 'boss@corp.example', 'x', 'admin', NULL, NULL),
      (2, 1, 'lee@corp.example', 'sso', 'viewer', 'https://idp.corp.example', 'lee-1'),
      (3, 1, 'kim@labs.example', 'sso', 'viewer', 'https://another.idp.example', 'kim-1'),
      (4, 2, 'owner@squat.example', 'x', 'admin', NULL, NULL)`);
    await db.execute(sql`INSERT INTO sso_configs (account_id, issuer, client_id, client_secret, domains, default_role, updated_at) VALUES
      (1, 'https://idp.corp.example', 'gauge', 'sealed', '["corp.example", "labs.example", "quiet.example"]', 'viewer', now()),
      (2, 'https://idp.squat.example', 'gauge', 'sealed', '["squat.example"]', 'viewer', now())`);

    await target.migrate(MIGRATIONS);

    const claims = await queryRows<{ domain: string; account_id: number; proven_by: string; proven_by_user_id: number }>(
      db,
      sql`SELECT domain, account_id, proven_by, proven_by_user_id FROM sso_domain_claims ORDER BY domain`,
    );
    // labs.example: Kim signed in through another provider; quiet.example and squat.example: no one yet.
    expect(claims).toEqual([{ domain: "corp.example", account_id: 1, proven_by: "sign-in", proven_by_user_id: 2 }]);
    const [config] = await queryRows<{ email_verified_claim: string }>(db, sql`SELECT email_verified_claim FROM sso_configs WHERE account_id = 1`);
    expect(config!.email_verified_claim).toBe("required");
  });
});
