import { sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "./client";
import { queryRows } from "./query";

// Which rows of each table belong to one account: exactly the rows that deleting the account
// deletes, found by following the ON DELETE CASCADE references down from `accounts`. The schema
// is the one list, so a new table is covered by declaring its reference, not by editing this file.

interface Reference {
  table: string;
  column: string;
  parent: string;
  key: string;
  notNull: boolean;
}

/** Value revisions name their change set without a foreign key (a check per row of every write); they belong to its account. */
const UNDECLARED: Reference[] = [{ table: "value_revisions", column: "change_set_id", parent: "change_sets", key: "id", notNull: true }];

/** A condition on a table's own (unqualified) columns that holds for the account's rows, by table name. */
export type AccountScope = (table: string) => SQL;

/**
 * The scope of every table in `tables` for `account`. Throws when a table has no path of cascading
 * references to `accounts`: its rows would belong to no account and silently miss the backup.
 */
export async function accountScope(db: Db | Tx, tables: string[], account: number): Promise<AccountScope> {
  const declared = await queryRows<Reference>(
    db,
    sql`SELECT c.relname AS "table", a.attname AS "column", r.relname AS parent, ra.attname AS key, a.attnotnull AS "notNull"
      FROM pg_constraint k
      JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_class r ON r.oid = k.confrelid
      JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1]
      JOIN pg_attribute ra ON ra.attrelid = k.confrelid AND ra.attnum = k.confkey[1]
      WHERE k.contype = 'f' AND k.confdeltype = 'c' AND n.nspname = 'public' AND k.conrelid <> k.confrelid
      ORDER BY c.relname, a.attname`,
  );
  const parents = new Map<string, Reference[]>();
  for (const reference of [...declared, ...UNDECLARED]) parents.set(reference.table, [...(parents.get(reference.table) ?? []), reference]);

  /**
   * The references that decide a row's account. A row with a required one belongs where that
   * parent does (its other parents are in the same account), the accounts table itself if it is
   * one; a row with optional ones only belongs where any of them leads.
   */
  const deciding = (table: string, path: string[]): Reference[] => {
    if (path.includes(table)) throw new Error(`The cascading references loop through ${[...path, table].join(" -> ")}`);
    const references = parents.get(table);
    if (!references) throw new Error(`No account owns the rows of ${table}: give it a cascading reference`);
    const required = references.filter((r) => r.notNull);
    return required.length ? [required.find((r) => r.parent === "accounts") ?? required[0]!] : references;
  };
  // Each parent's keys as a subquery of its own (a UNION where several references decide), so
  // that the planner estimates the few keys of one account and reaches big tables by their indexes.
  const keys = (table: string, key: string, path: string[]): SQL =>
    table === "accounts"
      ? sql`SELECT ${account}::integer`
      : sql.join(
          deciding(table, path).map(
            (r) =>
              sql`SELECT ${sql.identifier(key)} FROM ${sql.identifier(table)} WHERE ${sql.identifier(r.column)} IN (${keys(r.parent, r.key, [...path, table])})`,
          ),
          sql` UNION `,
        );
  const made = new Map<string, SQL>();
  const scope = (table: string): SQL => {
    const known = made.get(table);
    if (known) return known;
    const condition =
      table === "accounts"
        ? sql`${sql.identifier("id")} = ${account}`
        : sql.join(
            deciding(table, []).map((r) => sql`${sql.identifier(r.column)} IN (${keys(r.parent, r.key, [table])})`),
            sql` OR `,
          );
    const wrapped = sql`(${condition})`;
    made.set(table, wrapped);
    return wrapped;
  };
  for (const table of tables) scope(table);
  return scope;
}
