import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Caller } from "../context";
import { accessOf } from "../domain/access";

// The OData service's entity model: each set's properties with their EDM types and the SQL that
// reads them, and where its rows come from for a caller (only scorecards the caller may read).

export type EdmType = "Edm.Int32" | "Edm.String" | "Edm.Guid" | "Edm.Date" | "Edm.Double" | "Edm.DateTimeOffset" | "Edm.Boolean";

export interface Property {
  name: string;
  type: EdmType;
  nullable: boolean;
  /** The SQL reading it (null for a computed set). */
  column: SQL | null;
}

export interface Navigation {
  name: string;
  /** The set it leads to, one row or many. */
  target: string;
  many: boolean;
  /** This set's property and the target's property that match. */
  from: string;
  to: string;
}

export interface EntitySet {
  name: string;
  type: string;
  key: string[];
  properties: Property[];
  navigation: Navigation[];
  /** FROM and WHERE of its rows for a caller; absent for a computed set (Periods). */
  source?: (caller: Caller) => SQL;
}

const p = (name: string, type: EdmType, column: SQL | null, nullable = false): Property => ({ name, type, column, nullable });
// A scorecard the caller may read (a deleted one is nobody's).
// accessOf names the scorecards table in full: the sets read it by its own name, unaliased.
const readable = (caller: Caller) => sql`scorecards.account_id = ${caller.accountId} AND ${accessOf(caller)} IS NOT NULL`;

const scorecardSet: EntitySet = {
  name: "Scorecards",
  type: "Scorecard",
  key: ["Id"],
  properties: [
    p("Id", "Edm.Int32", sql`scorecards.id`),
    p("Name", "Edm.String", sql`scorecards.name`),
    p("Description", "Edm.String", sql`scorecards.description`),
    p("Alias", "Edm.String", sql`scorecards.alias`, true),
    p("Owner", "Edm.String", sql`(SELECT u.email FROM users u WHERE u.id = scorecards.owner_id)`, true),
    p("UpdatedAt", "Edm.DateTimeOffset", sql`scorecards.updated_at`),
  ],
  navigation: [{ name: "Kpis", target: "Kpis", many: true, from: "Id", to: "ScorecardId" }],
  source: (caller) => sql`FROM scorecards WHERE ${readable(caller)}`,
};

const kpiSet: EntitySet = {
  name: "Kpis",
  type: "Kpi",
  key: ["Guid"],
  properties: [
    p("Guid", "Edm.Guid", sql`k.guid`),
    p("ScorecardId", "Edm.Int32", sql`k.scorecard_id`),
    p("ParentGuid", "Edm.Guid", sql`k.parent_guid`, true),
    p("Name", "Edm.String", sql`k.name`),
    p("Type", "Edm.String", sql`k.indicator_type`),
    p("Measure", "Edm.String", sql`k.measure`),
    p("UpdateInterval", "Edm.String", sql`k.update_interval`),
    p("Grouping", "Edm.String", sql`k.grouping`),
    p("Optimization", "Edm.String", sql`k.optimization`),
    p("Weight", "Edm.Double", sql`k.weight`),
    p("Formula", "Edm.String", sql`k.formula`, true),
  ],
  navigation: [{ name: "Scorecard", target: "Scorecards", many: false, from: "ScorecardId", to: "Id" }],
  source: (caller) => sql`FROM kpis k JOIN scorecards ON scorecards.id = k.scorecard_id WHERE ${readable(caller)}`,
};

const valueSet: EntitySet = {
  name: "Values",
  type: "Value",
  key: ["KpiGuid", "Date"],
  properties: [
    p("KpiGuid", "Edm.Guid", sql`v.kpi_guid`),
    p("Date", "Edm.Date", sql`v.date`),
    p("Value", "Edm.Double", sql`v.value`, true),
    p("Target", "Edm.Double", sql`v.target`, true),
    p("Baseline", "Edm.Double", sql`v.baseline`, true),
    p("Min", "Edm.Double", sql`v.min`, true),
    p("Max", "Edm.Double", sql`v.max`, true),
  ],
  navigation: [],
  source: (caller) => sql`FROM kpi_values v JOIN kpis k ON k.guid = v.kpi_guid JOIN scorecards ON scorecards.id = k.scorecard_id WHERE ${readable(caller)}`,
};

const initiativeSet: EntitySet = {
  name: "Initiatives",
  type: "Initiative",
  key: ["Guid"],
  properties: [
    p("Guid", "Edm.Guid", sql`i.guid`),
    p("KpiGuid", "Edm.Guid", sql`i.kpi_guid`),
    p("ScorecardId", "Edm.Int32", sql`k.scorecard_id`),
    p("Name", "Edm.String", sql`i.name`),
    p("Description", "Edm.String", sql`i.description`),
    p("Status", "Edm.String", sql`i.status`),
    p("Type", "Edm.String", sql`i.initiative_type`),
    p("Budget", "Edm.Double", sql`i.budget`, true),
    p("ActualBudget", "Edm.Double", sql`i.actual_budget`, true),
    p("Currency", "Edm.String", sql`i.currency`),
    p("Start", "Edm.Date", sql`i.interval_start`, true),
    p("End", "Edm.Date", sql`i.interval_end`, true),
  ],
  navigation: [],
  source: (caller) => sql`FROM initiatives i JOIN kpis k ON k.guid = i.kpi_guid JOIN scorecards ON scorecards.id = k.scorecard_id WHERE ${readable(caller)}`,
};

/** Grouped, calculated and inherited figures with their scores: computed per scorecard (periods.ts). */
const periodSet: EntitySet = {
  name: "Periods",
  type: "Period",
  key: ["KpiGuid", "Period", "Start"],
  properties: [
    p("ScorecardId", "Edm.Int32", null),
    p("KpiGuid", "Edm.Guid", null),
    p("KpiName", "Edm.String", null),
    p("Period", "Edm.String", null),
    p("Start", "Edm.Date", null),
    p("End", "Edm.Date", null),
    p("Value", "Edm.Double", null, true),
    p("Target", "Edm.Double", null, true),
    p("Baseline", "Edm.Double", null, true),
    p("Score", "Edm.Double", null, true),
    p("Status", "Edm.String", null),
    p("Complete", "Edm.Boolean", null),
  ],
  navigation: [],
};

export const ENTITY_SETS: EntitySet[] = [scorecardSet, kpiSet, valueSet, periodSet, initiativeSet];
export const setNamed = (name: string) => ENTITY_SETS.find((s) => s.name === name);
export const NAMESPACE = "Gauge";
