import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { getSession } from "@/lib/session";
import { createKpiClient, type KpiClient } from "./kpi-client";

export class NoSessionError extends Error {}

/** The KPI client of the signed-in user (one per server request), or NoSessionError when there is no live session. */
export const sessionClient = cache(async (): Promise<{ client: KpiClient; email: string }> => {
  const session = await getSession();
  if (!session.token || !session.email || (session.expiresAt ?? 0) <= Date.now()) throw new NoSessionError();
  return { client: createKpiClient(session.token), email: session.email };
});

/** The scorecard a page under /s/{docId} shows, from the path the proxy hands to server components. */
async function scorecardOfRequest(): Promise<number | undefined> {
  const match = /^\/s\/(\d{1,9})(?=[/?#]|$)/.exec((await headers()).get("x-pathname") ?? "");
  return match ? Number(match[1]) : undefined;
}

/**
 * Who the signed-in user is and their budget (access/info, never counted), asked once per server
 * request: the layout and the page of one request share the answer. On a scorecard's page it also
 * asks for the user's access to that scorecard, which the page's reads need: one call for both.
 */
export const sessionBudget = cache(async () => {
  const docId = await scorecardOfRequest();
  return (await sessionClient()).client.budget(docId === undefined ? {} : { docId });
});

/** Sends the user to /login, and back to this page afterwards. */
export async function redirectToLogin(expired = false): Promise<never> {
  const here = encodeURIComponent((await headers()).get("x-pathname") ?? "/");
  redirect(`/login?${expired ? "expired=1&" : ""}next=${here}`);
}

/** For pages: the signed-in user's client, or a redirect to /login. */
export async function requireSessionClient(): Promise<{ client: KpiClient; email: string }> {
  try {
    return await sessionClient();
  } catch (error) {
    if (error instanceof NoSessionError) return redirectToLogin();
    throw error;
  }
}
