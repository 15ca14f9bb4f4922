import "server-only";
import type { users } from "@/lib/db/schema";

// The SCIM 2.0 User resource (RFC 7643 §4.1) as Gauge keeps it: userName is the login e-mail.

const USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User";
export const LIST_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:ListResponse";
const ERROR_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:Error";

export class ScimError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 500 | 501,
    message: string,
    readonly scimType?: "invalidFilter" | "invalidValue" | "invalidPath" | "uniqueness" | "mutability" | "invalidSyntax",
  ) {
    super(message);
  }
  body() {
    return { schemas: [ERROR_SCHEMA], status: String(this.status), ...(this.scimType ? { scimType: this.scimType } : {}), detail: this.message };
  }
}

type UserRow = typeof users.$inferSelect;

export function userResource(row: UserRow, base: string) {
  const formatted = [row.givenName, row.familyName].filter(Boolean).join(" ");
  return {
    schemas: [USER_SCHEMA],
    id: String(row.id),
    ...(row.externalId ? { externalId: row.externalId } : {}),
    userName: row.email,
    name: {
      ...(row.givenName ? { givenName: row.givenName } : {}),
      ...(row.familyName ? { familyName: row.familyName } : {}),
      ...(formatted ? { formatted } : {}),
    },
    displayName: formatted || row.email,
    emails: [{ value: row.email, type: "work", primary: true }],
    active: row.deactivatedAt === null,
    meta: { resourceType: "User", created: row.createdAt.toISOString(), lastModified: row.createdAt.toISOString(), location: `${base}/Users/${row.id}` },
  };
}

/** What a SCIM request may set on a user. */
export interface UserFields {
  email?: string;
  externalId?: string | null;
  givenName?: string | null;
  familyName?: string | null;
  active?: boolean;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Entra sends booleans as "True" and "False". */
function booleanOf(value: unknown, path: string): boolean {
  if (typeof value === "boolean") return value;
  if (typeof value === "string" && /^(true|false)$/i.test(value)) return value.toLowerCase() === "true";
  throw new ScimError(400, `${path} must be a boolean`, "invalidValue");
}

const textOf = (value: unknown, path: string): string | null => {
  if (value === null) return null;
  if (typeof value === "string" && value.length <= 500) return value.trim();
  throw new ScimError(400, `${path} must be a string`, "invalidValue");
};

function emailOf(value: unknown): string {
  const email = typeof value === "string" ? value.trim().toLowerCase() : "";
  if (!EMAIL.test(email) || email.length > 320) throw new ScimError(400, "userName must be the person's e-mail address", "invalidValue");
  return email;
}

/** The e-mail of a resource: userName when it is one (Entra's UPN, Okta's login), else the primary e-mail. */
function resourceEmail(body: Record<string, unknown>): string | undefined {
  if (typeof body.userName === "string" && body.userName.includes("@")) return emailOf(body.userName);
  const emails = Array.isArray(body.emails) ? (body.emails as { value?: unknown; primary?: unknown }[]) : [];
  const primary = emails.find((e) => e.primary === true || e.primary === "true") ?? emails[0];
  if (primary?.value !== undefined) return emailOf(primary.value);
  return body.userName === undefined ? undefined : emailOf(body.userName);
}

/** The fields of a whole User resource (POST, PUT). */
export function fieldsOfResource(body: unknown): UserFields & { email: string } {
  if (!body || typeof body !== "object" || Array.isArray(body)) throw new ScimError(400, "The body must be a User resource", "invalidSyntax");
  const resource = body as Record<string, unknown>;
  const email = resourceEmail(resource);
  if (!email) throw new ScimError(400, "userName is required", "invalidValue");
  const name = resource.name && typeof resource.name === "object" ? (resource.name as Record<string, unknown>) : {};
  return {
    email,
    externalId: resource.externalId === undefined ? null : textOf(resource.externalId, "externalId"),
    givenName: name.givenName === undefined ? null : textOf(name.givenName, "name.givenName"),
    familyName: name.familyName === undefined ? null : textOf(name.familyName, "name.familyName"),
    active: resource.active === undefined ? true : booleanOf(resource.active, "active"),
  };
}

/** One attribute of a PATCH, by its path (case-insensitive, as RFC 7644 says attribute names are). */
function patchAttribute(fields: UserFields, path: string, value: unknown, remove: boolean): void {
  const key = path.replace(/^urn:ietf:params:scim:schemas:core:2\.0:User:/i, "").toLowerCase();
  if (key === "active") fields.active = remove ? false : booleanOf(value, "active");
  else if (key === "username") fields.email = emailOf(value);
  else if (key === "externalid") fields.externalId = remove ? null : textOf(value, "externalId");
  else if (key === "name.givenname") fields.givenName = remove ? null : textOf(value, "name.givenName");
  else if (key === "name.familyname") fields.familyName = remove ? null : textOf(value, "name.familyName");
  else if (key === "name" && value && typeof value === "object") {
    const name = value as Record<string, unknown>;
    if (name.givenName !== undefined) fields.givenName = textOf(name.givenName, "name.givenName");
    if (name.familyName !== undefined) fields.familyName = textOf(name.familyName, "name.familyName");
  } else if (/^emails(\[.*\])?(\.value)?$/.test(key) && !remove) {
    const first = Array.isArray(value) ? (value[0] as { value?: unknown } | undefined)?.value : value;
    fields.email = emailOf(first);
  } else if (
    key === "displayname" ||
    key === "name.formatted" ||
    key.startsWith("emails") ||
    key === "title" ||
    key.startsWith("addresses") ||
    key.startsWith("phonenumbers") ||
    key.startsWith("urn:")
  ) {
    // Attributes Gauge does not keep: accepted and ignored, as RFC 7644 allows for unsupported optional ones.
  } else throw new ScimError(400, `The attribute ${path} cannot be changed here`, "invalidPath");
}

/** The changes of a PatchOp: Okta's and Entra's shapes, "op" in any case, with and without a path. */
export function fieldsOfPatch(body: unknown): UserFields {
  const operations = body && typeof body === "object" ? (body as { Operations?: unknown }).Operations : undefined;
  if (!Array.isArray(operations) || operations.length === 0) throw new ScimError(400, "A PatchOp needs Operations", "invalidSyntax");
  const fields: UserFields = {};
  for (const operation of operations as { op?: unknown; path?: unknown; value?: unknown }[]) {
    const op = typeof operation.op === "string" ? operation.op.toLowerCase() : "";
    if (op !== "add" && op !== "replace" && op !== "remove") throw new ScimError(400, `Unknown op ${String(operation.op)}`, "invalidSyntax");
    if (typeof operation.path === "string") patchAttribute(fields, operation.path, operation.value, op === "remove");
    else if (op !== "remove" && operation.value && typeof operation.value === "object") {
      for (const [path, value] of Object.entries(operation.value as Record<string, unknown>)) patchAttribute(fields, path, value, false);
    } else throw new ScimError(400, "An operation without a path needs an object value", "invalidSyntax");
  }
  return fields;
}
