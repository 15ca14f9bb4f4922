import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { INITIATIVE_STATUSES } from "@/lib/contract/constants";
import type { Translations } from "@/lib/contract/translations";
import { createdAt } from "./common";
import { accountIdColumn, users } from "./people";

export const scorecards = pgTable(
  "scorecards",
  {
    id: serial("id").primaryKey(),
    accountId: accountIdColumn(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
    /** What every user of the account may do with it, beyond its owner and its shares. */
    accountAccess: text("account_access", { enum: ["none", "read", "write"] })
      .notNull()
      .default("none"),
    /** The secret part of its public read-only link; null when it is not published. */
    publicId: text("public_id").unique(),
    /** A name scripts may use in paths instead of the number, unique in the account. */
    alias: text("alias"),
    guid: uuid("guid").notNull().defaultRandom(),
    icon: text("icon").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Values dated on or before it cannot change (a trigger refuses every write path; migration 0019). */
    lockedUntil: date("locked_until", { mode: "string" }),
    /** Set when deleted: hidden from every route, restorable for 30 days, then purged. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** Its name and description in other languages, by language (null: none). */
    translations: jsonb("translations").$type<Translations>(),
  },
  (t) => [index("scorecards_account_idx").on(t.accountId), uniqueIndex("scorecards_alias_idx").on(t.accountId, t.alias)],
);

/** The scorecard a row belongs to: it goes when the scorecard goes. */
export const scorecardIdColumn = () =>
  integer("scorecard_id")
    .notNull()
    .references(() => scorecards.id, { onDelete: "cascade" });

/** A scorecard shared with one user of its account. */
export const scorecardShares = pgTable(
  "scorecard_shares",
  {
    scorecardId: scorecardIdColumn(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    access: text("access", { enum: ["read", "write"] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scorecardId, t.userId] }), index("scorecard_shares_user_idx").on(t.userId)],
);

export const kpis = pgTable(
  "kpis",
  {
    guid: uuid("guid").primaryKey(),
    scorecardId: scorecardIdColumn(),
    parentGuid: uuid("parent_guid").references((): AnyPgColumn => kpis.guid, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    indicatorType: text("indicator_type", { enum: ["CONTAINER", "INDICATOR"] }).notNull(),
    measure: text("measure").notNull().default(""),
    updateInterval: text("update_interval", {
      enum: ["DAY", "WEEK", "MONTH", "QUARTER", "HALF_YEAR", "YEAR"],
    }).notNull(),
    grouping: text("grouping", { enum: ["AVERAGE", "SUM", "FIRST", "LAST", "MIN", "MAX"] })
      .notNull()
      .default("AVERAGE"),
    inheritance: boolean("inheritance").notNull().default(false),
    optimization: text("optimization", { enum: ["MAXIMIZE", "MINIMIZE", "BINARY"] }).notNull(),
    formula: text("formula"),
    weight: doublePrecision("weight").notNull().default(1),
    min: doublePrecision("min"),
    max: doublePrecision("max"),
    target: doublePrecision("target"),
    baseline: doublePrecision("baseline"),
    /** Scores at or above these fractions are on track / at risk; null: the defaults (1 and 0.7). */
    onTrackThreshold: doublePrecision("on_track_threshold"),
    atRiskThreshold: doublePrecision("at_risk_threshold"),
    /** The highest score the KPI can reach; null: the default (1, i.e. 100 %). */
    scoreCap: doublePrecision("score_cap"),
    /** Who enters the KPI's values: reminded when one is overdue. */
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
    /** Saving a value that leaves the KPI off track needs a note for that period. */
    noteRequiredOffTrack: boolean("note_required_off_track").notNull().default(false),
    /** The values the KPI can take (0 and 100 for a share that cannot pass 100 %); null: no bound. */
    validMin: doublePrecision("valid_min"),
    validMax: doublePrecision("valid_max"),
    /**
     * A number no other state of any KPI has had: a trigger takes a fresh one from a sequence on
     * every insert and update of the row, and every change to its values updates the row in the
     * same transaction (migration 0014). Grouped series keep while their KPIs' versions stand
     * (grouped-cache.ts).
     */
    dataVersion: bigint("data_version", { mode: "number" }).notNull().default(0),
    /** Its name and description in other languages, by language (null: none). */
    translations: jsonb("translations").$type<Translations>(),
  },
  (t) => [index("kpis_scorecard_idx").on(t.scorecardId, t.position)],
);

/** Entered KPI values: one record per KPI and date; a null field was not entered. */
export const kpiValues = pgTable(
  "kpi_values",
  {
    kpiGuid: uuid("kpi_guid")
      .notNull()
      .references(() => kpis.guid, { onDelete: "cascade" }),
    date: date("date", { mode: "string" }).notNull(),
    value: doublePrecision("value"),
    target: doublePrecision("target"),
    baseline: doublePrecision("baseline"),
    min: doublePrecision("min"),
    max: doublePrecision("max"),
    /** An entered score (a fraction, 1 = 100 %), kept beside the computed one. */
    score: doublePrecision("score"),
    /**
     * Which fields the record's last write named (value 1, target 2, baseline 4, min 8, max 16, score 32).
     * A batch upserts every record in one sorted statement; ON CONFLICT keeps the fields the
     * write did not name by reading this mask from `excluded`.
     */
    namedFields: smallint("named_fields").notNull().default(31),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kpiGuid, t.date] }),
    // Scale fields are rarely entered: these let "latest target before a date" skip the rest.
    ...(["target", "baseline", "min", "max"] as const).map((f) => index(`kpi_values_${f}_idx`).on(t.kpiGuid, t.date).where(sql`${t[f]} IS NOT NULL`)),
    // "Every scale change in a range" (grouped reads) matches this predicate exactly.
    index("kpi_values_scales_idx")
      .on(t.kpiGuid, t.date)
      .where(sql`${t.target} IS NOT NULL OR ${t.baseline} IS NOT NULL OR ${t.min} IS NOT NULL OR ${t.max} IS NOT NULL`),
  ],
);

/**
 * Per KPI, the aggregates of its entered values (value not null) by month and by ISO week, which
 * grouped reads use instead of scanning the values. Kept by statement triggers on kpi_values
 * (migration 0009), so every write, delete, import and cascade updates them in its own
 * transaction: a committed rollup always agrees with the values beside it.
 */
export const kpiRollups = pgTable(
  "kpi_rollups",
  {
    kpiGuid: uuid("kpi_guid")
      .notNull()
      .references(() => kpis.guid, { onDelete: "cascade" }),
    /** MONTH or WEEK; quarters, half-years and years add months up. COLLATE "C" (migration 0012, which drizzle does not model). */
    grain: text("grain").notNull(),
    start: date("start", { mode: "string" }).notNull(),
    count: integer("count").notNull(),
    sum: doublePrecision("sum").notNull(),
    min: doublePrecision("min").notNull(),
    max: doublePrecision("max").notNull(),
    firstDate: date("first_date", { mode: "string" }).notNull(),
    firstValue: doublePrecision("first_value").notNull(),
    lastDate: date("last_date", { mode: "string" }).notNull(),
    lastValue: doublePrecision("last_value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.kpiGuid, t.grain, t.start] })],
);

/** A project or action meant to move a KPI (the vendor's "initiative"), attached to one KPI. */
export const initiatives = pgTable(
  "initiatives",
  {
    guid: uuid("guid").primaryKey(),
    kpiGuid: uuid("kpi_guid")
      .notNull()
      .references(() => kpis.guid, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    status: text("status", { enum: INITIATIVE_STATUSES }).notNull(),
    initiativeType: text("initiative_type").notNull(),
    showOnMap: boolean("show_on_map").notNull().default(false),
    budget: doublePrecision("budget"),
    actualBudget: doublePrecision("actual_budget"),
    currency: text("currency").notNull().default(""),
    duration: doublePrecision("duration"),
    durationUnit: text("duration_unit").notNull().default(""),
    intervalStart: date("interval_start", { mode: "string" }),
    intervalEnd: date("interval_end", { mode: "string" }),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    /** E-mail addresses or names of the people responsible, as JSON text (a string array). */
    responsible: text("responsible").notNull().default("[]"),
    createdAt: createdAt(),
    /** Its name and description in other languages, by language (null: none). */
    translations: jsonb("translations").$type<Translations>(),
  },
  (t) => [index("initiatives_kpi_idx").on(t.kpiGuid)],
);

/** A cause-and-effect arrow of a scorecard's strategy map, from one objective (a KPI node) to another. */
export const mapLinks = pgTable(
  "map_links",
  {
    scorecardId: scorecardIdColumn(),
    fromGuid: uuid("from_guid")
      .notNull()
      .references(() => kpis.guid, { onDelete: "cascade" }),
    toGuid: uuid("to_guid")
      .notNull()
      .references(() => kpis.guid, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.scorecardId, t.fromGuid, t.toGuid] })],
);
