import "server-only";
import ExcelJS from "exceljs";
import JSZip from "jszip";
import { and, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { OrganizationInfo } from "@/lib/contract/organization";
import { LANGUAGES } from "@/lib/contract/preferences";
import { queryRows } from "@/lib/db/query";
import { accounts, initiatives, kpis, scorecards, users } from "@/lib/db/schema";
import type { Ctx } from "../context";
import { readableBy } from "./access";
import { accountLimit } from "./call-limit";
import { inTreeOrder, scorecardKpis } from "./scorecards";
import { valuesAt } from "./values";

const STATUS_WORDS = { ON_TRACK: "On track", AT_RISK: "At risk", OFF_TRACK: "Off track", NONE: "No data" } as const;
const STATUS_FILL = { ON_TRACK: "FFD1F2DD", AT_RISK: "FFFCEFC7", OFF_TRACK: "FFF9D4D4", NONE: "FFFFFFFF" } as const;

/**
 * The scorecard at a date as an .xlsx workbook: one row per KPI, as the scorecard page shows it,
 * and a name and description column for each language its KPIs are translated into.
 */
export async function excelReport(ctx: Ctx, { docId, date }: { docId: number; date: string }): Promise<{ name: string; bytes: Uint8Array }> {
  const tree = await scorecardKpis(ctx, docId);
  const [[card], values] = await Promise.all([
    ctx.deps.db.select({ name: scorecards.name }).from(scorecards).where(eq(scorecards.id, docId)),
    valuesAt(
      ctx.deps,
      tree,
      tree.map((k) => k.guid),
      date,
    ),
  ]);

  const book = new ExcelJS.Workbook();
  book.creator = "Gauge";
  // Dated by the report's own date, not the moment it was made: the same figures give the same bytes (and ETag).
  const asOf = new Date(`${date}T00:00:00Z`);
  book.created = asOf;
  book.modified = asOf;
  const sheet = book.addWorksheet("Scorecard", { views: [{ state: "frozen", ySplit: 3 }] });
  sheet.addRow([card!.name]).font = { bold: true, size: 14 };
  sheet.addRow([`As of ${date}`]);
  const languages = LANGUAGES.filter((l) => tree.some((k) => k.translations?.[l]));
  const header = sheet.addRow([
    "KPI",
    "Type",
    "Measure",
    "Value",
    "Value date",
    "Target",
    "Baseline",
    "Min",
    "Max",
    "Score",
    "Status",
    ...languages.flatMap((l) => [`Name (${l})`, `Description (${l})`]),
  ]);
  header.font = { bold: true };
  header.border = { bottom: { style: "thin" } };
  const byGuid = new Map(values.map((v) => [v.guid, v]));
  for (const { kpi, depth } of inTreeOrder(tree)) {
    const v = byGuid.get(kpi.guid)!;
    const translated = languages.flatMap((l) => [kpi.translations?.[l]?.name ?? null, kpi.translations?.[l]?.description ?? null]);
    const row = sheet.addRow([
      kpi.name,
      kpi.indicatorType,
      kpi.measure,
      v.value,
      v.valueDate,
      v.target,
      v.baseline,
      v.min,
      v.max,
      v.score,
      STATUS_WORDS[v.status],
      ...translated,
    ]);
    row.getCell(1).alignment = { indent: depth };
    if (kpi.indicatorType === "CONTAINER") row.font = { bold: true };
    row.getCell(10).numFmt = "0.0%";
    row.getCell(11).fill = { type: "pattern", pattern: "solid", fgColor: { argb: STATUS_FILL[v.status] } };
  }
  sheet.columns.forEach((column, i) => (column.width = i === 0 ? 40 : 13));
  return { name: card!.name, bytes: await datedZip(new Uint8Array((await book.xlsx.writeBuffer()) as ArrayBuffer), asOf) };
}

/**
 * The workbook's zip with every entry dated `date`: exceljs dates them with the clock, which
 * would make two reports of the same figures differ. JSZip is what exceljs writes them with.
 */
async function datedZip(bytes: Uint8Array, date: Date): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(bytes);
  zip.forEach((_, entry) => {
    entry.date = date;
  });
  return zip.generateAsync({ type: "uint8array", compression: "DEFLATE" });
}

export async function organizationInfo(ctx: Ctx): Promise<OrganizationInfo> {
  const { deps, caller } = ctx;
  const readable = deps.db.select({ id: scorecards.id }).from(scorecards).where(readableBy(caller));
  const [[account], [people], [cards], [kpiCount], [planCount], perspectives] = await Promise.all([
    deps.db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, caller.accountId)),
    deps.db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.accountId, caller.accountId), isNull(users.deactivatedAt))),
    deps.db.select({ n: count() }).from(scorecards).where(readableBy(caller)),
    deps.db
      .select({ n: count() })
      .from(kpis)
      .where(and(inArray(kpis.scorecardId, readable), sql`${kpis.parentGuid} IS NOT NULL`)),
    deps.db.select({ n: count() }).from(initiatives).innerJoin(kpis, eq(kpis.guid, initiatives.kpiGuid)).where(inArray(kpis.scorecardId, readable)),
    queryRows<{ name: string }>(
      deps.db,
      sql`
      SELECT DISTINCT p.name FROM ${kpis} p JOIN ${kpis} r ON r.guid = p.parent_guid
      WHERE r.parent_guid IS NULL AND p.indicator_type = 'CONTAINER' AND p.scorecard_id IN (${readable}) ORDER BY p.name`,
    ),
  ]);
  return {
    settings: {
      accountId: caller.accountId,
      name: account?.name ?? "",
      limitPerUser: deps.config.rateLimitPerHour,
      limitPerHour: accountLimit(deps, caller.countedUsers),
      users: people!.n,
      timeZone: "UTC",
    },
    strategy: {
      scorecards: cards!.n,
      kpis: kpiCount!.n,
      initiatives: planCount!.n,
      perspectives: perspectives.map((r) => r.name),
    },
  };
}
