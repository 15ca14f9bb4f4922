import "server-only";
import { and, desc, eq, gt, inArray } from "drizzle-orm";
import { accessTokens, callSpenders, connectors, feeds, scorecards, users } from "@/lib/db/schema";
import type { CallSpending } from "@/lib/contract/auth";
import type { Ctx } from "../context";
import { accountLimit, readBudget, WINDOW_SECONDS } from "./call-limit";

type Spender = CallSpending["spenders"][number];
type Named = Spender & { userId: number | null };

const idsOf = (rows: { spender: string }[], prefix: string) =>
  rows.filter((r) => r.spender.startsWith(`${prefix}:`)).map((r) => Number(r.spender.slice(prefix.length + 1)));

/**
 * The account's hourly window and what spent it, most first. An admin sees every spender; anyone
 * else sees their own keys, tokens and links, and the rest summed in one line.
 */
export async function callSpending({ deps, caller }: Ctx): Promise<CallSpending> {
  const budget = await readBudget(deps, caller.accountId, accountLimit(deps, caller.countedUsers));
  const windowStart = new Date(budget.resetAt.getTime() - WINDOW_SECONDS * 1000);
  const rows = await deps.db
    .select({ spender: callSpenders.spender, used: callSpenders.used })
    .from(callSpenders)
    .where(and(eq(callSpenders.accountId, caller.accountId), eq(callSpenders.windowStart, windowStart), gt(callSpenders.used, 0)))
    .orderBy(desc(callSpenders.used));
  const [tokens, pushes, links] = await Promise.all([
    rowsOrNone(idsOf(rows, "token"), (ids) =>
      deps.db
        .select({
          id: accessTokens.id,
          kind: accessTokens.kind,
          name: accessTokens.name,
          createdAt: accessTokens.createdAt,
          userId: users.id,
          email: users.email,
        })
        .from(accessTokens)
        .innerJoin(users, eq(users.id, accessTokens.userId))
        .where(and(eq(accessTokens.accountId, caller.accountId), inArray(accessTokens.id, ids))),
    ),
    rowsOrNone(idsOf(rows, "push"), (ids) =>
      deps.db
        .select({ id: connectors.id, name: connectors.name })
        .from(connectors)
        .where(and(eq(connectors.accountId, caller.accountId), inArray(connectors.id, ids))),
    ),
    rowsOrNone(idsOf(rows, "feed"), (ids) =>
      deps.db
        .select({ id: feeds.id, scorecard: scorecards.name, userId: users.id, email: users.email })
        .from(feeds)
        .innerJoin(users, eq(users.id, feeds.createdBy))
        .innerJoin(scorecards, eq(scorecards.id, feeds.scorecardId))
        .where(and(eq(feeds.accountId, caller.accountId), inArray(feeds.id, ids))),
    ),
  ]);
  const named = rows.map(({ spender, used }): Named => {
    const [kind, id] = [spender.slice(0, spender.indexOf(":")), Number(spender.slice(spender.indexOf(":") + 1))];
    if (kind === "token") {
      const token = tokens.find((t) => t.id === id);
      if (token?.kind === "api_key") return { kind: "api_key", name: token.name ?? "API key", userEmail: token.email, userId: token.userId, used };
      return { kind: "session", name: SIGNED_IN_SCRIPTS, userEmail: token?.email ?? null, userId: token?.userId ?? null, used };
    }
    if (kind === "push")
      return { kind: "push", name: pushes.find((p) => p.id === id)?.name ?? "A push connector since removed", userEmail: null, userId: null, used };
    const link = links.find((l) => l.id === id);
    return {
      kind: "feed",
      name: link ? `Spreadsheet link to ${link.scorecard}` : "A spreadsheet link since removed",
      userEmail: link?.email ?? null,
      userId: link?.userId ?? null,
      used,
    };
  });
  const mine = caller.role === "admin" ? named : named.filter((s) => s.userId === caller.userId);
  const others = named.filter((s) => !mine.includes(s)).reduce((sum, s) => sum + s.used, 0);
  const spenders: Spender[] = bySpender(mine).map(({ userId: _, ...spender }) => spender);
  if (others > 0) spenders.push({ kind: "others", name: "Other people's keys, tokens and links", userEmail: null, used: others });
  return { allowedCount: budget.limit, usedCount: budget.used, resetAt: budget.resetAt.toISOString(), spenders };
}

/** A script signs in anew each run: its tokens are one spender per person, not one per sign-in. */
const SIGNED_IN_SCRIPTS = "Scripts signing in with a password";

/** The spenders with each person's password sign-ins summed into one, most first. */
function bySpender(spenders: Named[]): Named[] {
  const merged = new Map<string, Named>();
  for (const s of spenders) {
    const key = s.kind === "session" ? `session:${s.userId}` : `${s.kind}:${merged.size}:${s.name}`;
    const seen = merged.get(key);
    merged.set(key, seen ? { ...seen, used: seen.used + s.used } : s);
  }
  return [...merged.values()].sort((a, b) => b.used - a.used);
}

const rowsOrNone = async <T>(ids: number[], read: (ids: number[]) => Promise<T[]>): Promise<T[]> => (ids.length === 0 ? [] : read(ids));
