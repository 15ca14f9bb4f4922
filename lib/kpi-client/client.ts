import "server-only";
import { z } from "zod";
import { AccessInfo, LoginResponse } from "@/lib/contract/auth";
import { ErrorBody } from "@/lib/contract/common";
import { GroupedValues } from "@/lib/contract/grouped";
import { KpiTree, type Period } from "@/lib/contract/kpis";
import { ScorecardList } from "@/lib/contract/scorecards";
import { BatchSetValuesResponse, type BatchSetValuesItem } from "@/lib/contract/values";
import { Alert, AlertList, type CreateAlert, type UpdateAlert } from "@/lib/contract/alerts";
import { CreatedWebhook, DeliveryList, QueuedEvent, WebhookList } from "@/lib/contract/webhooks";
import { loadConfig } from "@/lib/config";
import { cachedRead, clearAccountCache } from "./cache";
import { KpiApiError } from "./errors";

function baseUrl(): string {
  const config = loadConfig();
  return (config.KPI_API_URL ?? `http://127.0.0.1:${config.PORT}/rest`).replace(/\/$/, "");
}

async function request<T>(schema: z.ZodType<T>, path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const { token, headers, ...rest } = init;
  const response = await fetch(`${baseUrl()}${path}`, {
    ...rest,
    cache: "no-store",
    headers: { ...(token ? { Token: token } : {}), ...(rest.body ? { "Content-Type": "application/json" } : {}), ...headers },
  });
  const json: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    const body = ErrorBody.safeParse(json);
    const retryAfter = Number(response.headers.get("Retry-After"));
    throw new KpiApiError(
      response.status,
      body.success ? body.data : { success: false, errorMessage: `The KPI API answered ${response.status}`, code: "internal", details: [] },
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
    );
  }
  return schema.parse(json);
}

/** POST /rest/login: not counted against the call limit. Failures come back in the login shape. */
export async function logIn(email: string, password: string): Promise<LoginResponse & { status: number; retryAfter: number | null }> {
  const response = await fetch(`${baseUrl()}/login`, {
    method: "POST",
    cache: "no-store",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, contraseña: password }),
  });
  const body = LoginResponse.parse(await response.json());
  return { ...body, status: response.status, retryAfter: Number(response.headers.get("Retry-After")) || null };
}

export type KpiClient = ReturnType<typeof createKpiClient>;

/** The API as one account sees it. Reads go through the account's short-lived cache. */
export function createKpiClient(token: string, account: string) {
  const read = <T>(schema: z.ZodType<T>, path: string) => cachedRead(account, path, () => request(schema, path, { token }));
  /** A write, then the cached reads it makes stale are forgotten. */
  const write = async <T>(schema: z.ZodType<T>, method: string, path: string, body: unknown, stale: string[]) => {
    try {
      return await request(schema, path, { token, method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    } finally {
      clearAccountCache(account, stale);
    }
  };
  return {
    scorecards: () => read(ScorecardList, "/api/documents/list"),
    tree: (docId: number) => read(KpiTree, `/api/document/${docId}/kpi/tree`),
    grouped: (docId: number, period: Period, from: string, to: string) =>
      read(GroupedValues, `/api/document/${docId}/kpi/indicators/grouped-value/${period}/${from}/${to}`),
    /** access/info is not counted, so it is never cached. */
    accessInfo: () => request(AccessInfo, "/api/access/info", { token }),
    async setValues(docId: number, items: BatchSetValuesItem[], idempotencyKey: string) {
      try {
        return await request(BatchSetValuesResponse, `/api/document/${docId}/kpi/batch/set-values`, {
          token,
          method: "POST",
          body: JSON.stringify({ items }),
          headers: { "Idempotency-Key": idempotencyKey },
        });
      } finally {
        // Values change the scorecard's grouped reads and its "updated" date, not its KPI tree.
        clearAccountCache(account, [`/api/document/${docId}/kpi/indicators/grouped-value/`, "/api/documents/list"]);
      }
    },
    webhooks: () => read(WebhookList, "/api/webhooks"),
    /** The delivery log is live: never cached. */
    deliveries: (id: number) => request(DeliveryList, `/api/webhooks/${id}/deliveries`, { token }),
    createWebhook: (input: { name: string; url: string }) => write(CreatedWebhook, "POST", "/api/webhooks", input, ["/api/webhooks"]),
    deleteWebhook: (id: number) => write(z.null(), "DELETE", `/api/webhooks/${id}`, undefined, ["/api/webhooks", "/api/document/"]),
    testWebhook: (id: number) => write(QueuedEvent, "POST", `/api/webhooks/${id}/test`, undefined, []),
    redeliver: (id: number, eventId: string) => write(QueuedEvent, "POST", `/api/webhooks/${id}/events/${eventId}/redeliver`, undefined, []),
    alerts: (docId: number) => read(AlertList, `/api/document/${docId}/alerts`),
    createAlert: (docId: number, input: CreateAlert) => write(Alert, "POST", `/api/document/${docId}/alerts`, input, [`/api/document/${docId}/alerts`]),
    updateAlert: (docId: number, id: number, input: UpdateAlert) =>
      write(Alert, "PATCH", `/api/document/${docId}/alerts/${id}`, input, [`/api/document/${docId}/alerts`]),
    deleteAlert: (docId: number, id: number) => write(z.null(), "DELETE", `/api/document/${docId}/alerts/${id}`, undefined, [`/api/document/${docId}/alerts`]),
    async logOut() {
      clearAccountCache(account);
      await request(z.null(), "/logout", { token, method: "POST" }).catch(() => {});
    },
  };
}
