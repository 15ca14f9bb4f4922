import { z } from "zod";
import { ErrorDetail } from "./common";
import { Role } from "./people";
import { Language } from "./preferences";

const Password = z.string().min(1, "contraseña is required").max(1024);

/** The password is `contraseña` (Gauge's contract) or `password` (what vendor scripts send); `contraseña` wins when both are. */
export const LoginRequest = z
  .object({
    email: z.string().trim().min(1, "email is required").max(320),
    contraseña: Password.optional(),
    password: Password.optional().meta({ description: "Accepted in place of contraseña" }),
    otp: z.string().trim().max(32).optional().meta({ description: "The two-factor code (or a recovery code) of a user who has them on; scripts should use an API key instead" }),
  })
  .refine((b) => b.contraseña !== undefined || b.password !== undefined, { message: "contraseña (or password) is required", path: ["contraseña"] })
  .transform(({ email, contraseña, password, otp }) => ({ email, contraseña: (contraseña ?? password)!, otp }))
  .meta({ id: "LoginRequest", example: { email: "demo@example.com", contraseña: "demo-password" } });
export type LoginRequest = z.infer<typeof LoginRequest>;

export const LoginResponse = z
  .object({
    email: z.string(),
    errorMessage: z.string(),
    success: z.boolean(),
    token: z.string().nullable(),
    details: z.array(ErrorDetail).optional().meta({ description: "Only when a two-factor code is needed or wrong: one detail with the path `otp`" }),
  })
  .meta({
    id: "LoginResponse",
    example: { email: "demo@example.com", errorMessage: "", success: true, token: "gst_3q2+7w..." },
  });
export type LoginResponse = z.infer<typeof LoginResponse>;

const apiKeyExample = {
  id: 3,
  name: "Nightly BI export",
  role: "expert" as const,
  userEmail: "demo@example.com",
  createdAt: "2026-11-01T08:00:00.000Z",
  lastUsedAt: "2026-11-21T02:00:04.000Z",
};

export const ApiKey = z
  .object({
    id: z.number().int(),
    name: z.string(),
    role: Role.meta({ description: "What the key may do: never more than its user's role at the time of the call" }),
    userEmail: z.string().meta({ description: "The user the key acts for" }),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
  })
  .meta({ id: "ApiKey", example: apiKeyExample });
export type ApiKey = z.infer<typeof ApiKey>;

export const ApiKeyList = z.object({ items: z.array(ApiKey) }).meta({ id: "ApiKeyList", example: { items: [apiKeyExample] } });

export const CreateApiKeyRequest = z
  .object({
    name: z.string().trim().min(1, "name is required").max(200),
    role: Role.optional().meta({ description: "At most the creator's role (the default)" }),
  })
  .meta({ id: "CreateApiKeyRequest", example: { name: "Nightly BI export", role: "viewer" } });

export const CreatedApiKey = z
  .object({ id: z.number().int(), name: z.string(), role: Role, key: z.string() })
  .meta({ id: "CreatedApiKey", example: { id: 3, name: "Nightly BI export", role: "viewer", key: "gak_N1x..." } });

export const AccessInfo = z
  .object({
    allowedCount: z.number().int(),
    usedCount: z.number().int(),
    resetAt: z.string(),
    email: z.string(),
    error: z.string().nullable(),
    userId: z.number().int(),
    accountId: z.number().int(),
    role: Role.meta({ description: "The caller's role (an API key's own role when lower than its user's)" }),
    limitPerUser: z.number().int().meta({ description: "Calls per hour each active admin or expert adds to the account's pool" }),
    countedUsers: z.number().int().meta({ description: "Active admins and experts: allowedCount = limitPerUser x countedUsers" }),
    scorecardAccess: z.enum(["read", "write"]).nullable().optional().meta({ description: "Only with ?docId=: the caller's access to it (null: none)" }),
    language: Language.nullable().optional().meta({ description: "The caller's chosen interface language (null: the browser's)" }),
    twoFactorSetupNeeded: z.boolean().optional().meta({ description: "Present (true) when the account requires two-factor codes and this session has none: it may only set them up" }),
    accessVersion: z.string().meta({
      description: "Changes whenever what the caller may read or write changes (its role, a share, a scorecard deleted or restored): a client keeps per-user answers under it",
    }),
  })
  .meta({
    id: "AccessInfo",
    example: {
      allowedCount: 100,
      usedCount: 12,
      resetAt: "2026-11-22T10:00:00.000Z",
      email: "demo@example.com",
      error: null,
      userId: 1,
      accountId: 1,
      role: "admin",
      limitPerUser: 100,
      countedUsers: 1,
      accessVersion: "admin:5d41402abc4b2a76b9719d911017c592",
    },
  });
export type AccessInfo = z.infer<typeof AccessInfo>;
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;
