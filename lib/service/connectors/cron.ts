import "server-only";
import { CronExpressionParser } from "cron-parser";
import cronstrue from "cronstrue";

/** A schedule may not run a connector more often than this. */
const MIN_INTERVAL_MS = 5 * 60_000;

/** Why a cron expression and time zone cannot schedule a connector, or null when they can. */
export function scheduleProblem(cron: string, timeZone: string): { path: string; message: string } | null {
  try {
    new Intl.DateTimeFormat("en", { timeZone });
  } catch {
    return { path: "schedule.timeZone", message: `Unknown time zone ${timeZone}: use an IANA name such as Europe/Madrid` };
  }
  if (cron.trim().split(/\s+/).length !== 5) return { path: "schedule.cron", message: "Five fields: minute hour day-of-month month day-of-week" };
  let times: Date[];
  try {
    const expression = CronExpressionParser.parse(cron, { tz: timeZone, currentDate: new Date("2026-01-01T00:00:00Z") });
    times = Array.from({ length: 400 }, () => expression.next().toDate());
  } catch (error) {
    return { path: "schedule.cron", message: `Not a cron expression: ${(error as Error).message}` };
  }
  for (let i = 1; i < times.length; i++) {
    if (times[i]!.getTime() - times[i - 1]!.getTime() < MIN_INTERVAL_MS) return { path: "schedule.cron", message: "A connector runs at most every 5 minutes" };
  }
  return null;
}

/** The first scheduled time after `after`. */
export const nextRunAfter = (cron: string, timeZone: string, after: Date): Date =>
  CronExpressionParser.parse(cron, { tz: timeZone, currentDate: after }).next().toDate();

/** The schedule in words: "At 06:00, Monday through Friday (Europe/Madrid time)". */
export const describeSchedule = (cron: string, timeZone: string) =>
  `${cronstrue.toString(cron, { use24HourTimeFormat: true, verbose: false })} (${timeZone} time)`;
