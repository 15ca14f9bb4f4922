import { rm } from "node:fs/promises";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "@/lib/db/schema";
import { hashPassword } from "@/lib/service/sign-in/passwords";
import { createTestApi, jsonInit, TEST_PASSWORD_COST } from "@/lib/testing/api";
import { MIGRATIONS, migrationsUpTo, migrationTargets, type Migrator } from "@/lib/testing/migrations";

const BEFORE_TEAMS = 4; // the last migration before accounts held users

describe.each(migrationTargets)("upgrading a database made before teams, on $name", ({ open }) => {
  let target: Migrator;
  let oldMigrations: string;
  const token = "gst_kept-session-token";
  const apiKey = "gak_kept-api-key";

  beforeAll(async () => {
    target = await open();
    oldMigrations = await migrationsUpTo(BEFORE_TEAMS);
    await target.migrate(oldMigrations);
    // Two accounts as the old schema stored them: a login each, tokens, a scorecard with a value.
    const passwordHash = await hashPassword("old password 1", TEST_PASSWORD_COST);
    const { createHash } = await import("node:crypto");
    const hash = (t: string) => createHash("sha256").update(t).digest("hex");
    await target.db.execute(
      sql`INSERT INTO accounts (id, email, password_hash) VALUES (1, 'first@old.example', ${passwordHash}), (2, 'second@old.example', ${passwordHash})`,
    );
    await target.db.execute(sql`SELECT setval(pg_get_serial_sequence('accounts', 'id'), 2)`);
    await target.db.execute(
      sql`INSERT INTO access_tokens (account_id, kind, token_hash, expires_at) VALUES (1, 'session', ${hash(token)}, now() + interval '100 years')`,
    );
    await target.db.execute(sql`INSERT INTO access_tokens (account_id, kind, name, token_hash) VALUES (2, 'api_key', 'nightly', ${hash(apiKey)})`);
    await target.db.execute(sql`INSERT INTO scorecards (id, account_id, name) VALUES (10, 1, 'Kept'), (11, 2, 'Also kept')`);
    await target.db.execute(sql`INSERT INTO kpis (guid, scorecard_id, position, name, indicator_type, update_interval, optimization)
      VALUES ('11111111-1111-4111-8111-111111111111', 10, 0, 'Kept', 'CONTAINER', 'MONTH', 'MAXIMIZE'),
             ('22222222-2222-4222-8222-222222222222', 10, 1, 'Sales', 'INDICATOR', 'MONTH', 'MAXIMIZE')`);
    await target.db.execute(sql`UPDATE kpis SET parent_guid = '11111111-1111-4111-8111-111111111111' WHERE guid = '22222222-2222-4222-8222-222222222222'`);
    await target.db.execute(sql`INSERT INTO kpi_values (kpi_guid, date, value) VALUES ('22222222-2222-4222-8222-222222222222', '2024-01-01', 42)`);
    await target.migrate(MIGRATIONS);
  });
  afterAll(async () => {
    await target.close();
    await rm(oldMigrations, { recursive: true, force: true });
  });

  it("makes each account's login its admin, keeping password, tokens, API keys, scorecards and values", async () => {
    const users = await target.db.select().from(schema.users).orderBy(schema.users.id);
    expect(users.map((u) => [u.id, u.accountId, u.email, u.role, u.deactivatedAt])).toEqual([
      [1, 1, "first@old.example", "admin", null],
      [2, 2, "second@old.example", "admin", null],
    ]);
    const api = createTestApi(target.db, undefined);
    api.clock.current = new Date();
    const login = await api.call("/login", jsonInit("POST", { email: "first@old.example", contraseña: "old password 1" }));
    expect(login.status).toBe(200);

    const kept = await (await api.call("/api/documents/list", { headers: { Token: token } })).json();
    expect(kept.documents).toEqual([expect.objectContaining({ id: 10, name: "Kept", ownerId: 1, access: "write", sharedForRegRW: false })]);
    const value = await api.call("/api/document/10/kpi/indicator/22222222-2222-4222-8222-222222222222/value/2024-01-01", { headers: { Token: token } });
    expect((await value.json()).value).toBe(42);

    const viaKey = await (await api.call("/api/documents/list", { headers: { Token: apiKey } })).json();
    expect(viaKey.documents.map((d: { name: string }) => d.name)).toEqual(["Also kept"]);
    // Keys are listed with a person's session; a key made before scopes keeps writing.
    const second = await (await api.call("/login", jsonInit("POST", { email: "second@old.example", contraseña: "old password 1" }))).json();
    expect((await (await api.call("/api/api-keys", { headers: { Token: second.token } })).json()).items).toEqual([
      expect.objectContaining({ name: "nightly", role: "admin", scope: "write", userEmail: "second@old.example" }),
    ]);
  });

  it("gives new users ids after the migrated ones", async () => {
    const [row] = await target.db.insert(schema.users).values({ accountId: 1, email: "new@old.example", passwordHash: "x", role: "viewer" }).returning();
    expect(row!.id).toBe(3);
  });
});
