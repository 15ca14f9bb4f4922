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
    otp: z
      .string()
      .trim()
      .max(32)
      .optional()
      .meta({ description: "The two-factor code (or a recovery code) of a user who has them on; scripts should use an API key instead" }),
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
  scope: "write" as const,
  userEmail: "demo@example.com",
  createdAt: "2026-11-01T08:00:00.000Z",
  lastUsedAt: "2026-11-21T02:00:04.000Z",
};

export const KeyScope = z.enum(["read", "write"]).meta({
  id: "KeyScope",
  description:
    "read: only operations that write nothing (reads, previews, what-if, the OData feed, spreadsheet links); write: any operation its role allows. Neither manages two-factor codes, passwords, API keys or sign-in: those take a person's session",
});

export const ApiKey = z
  .object({
    id: z.number().int(),
    name: z.string(),
    role: Role.meta({ description: "What the key may do: never more than its user's role at the time of the call" }),
    scope: KeyScope,
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
    scope: KeyScope.optional().meta({ description: "write (the default) or read" }),
  })
  .meta({ id: "CreateApiKeyRequest", example: { name: "Nightly BI export", role: "viewer", scope: "read" } });

export const CreatedApiKey = z
  .object({ id: z.number().int(), name: z.string(), role: Role, scope: KeyScope, key: z.string() })
  .meta({ id: "CreatedApiKey", example: { id: 3, name: "Nightly BI export", role: "viewer", scope: "read", key: "gak_N1x..." } });

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
    scope: KeyScope.nullable().optional().meta({ description: "An API key's scope; null for a person's session" }),
    limitPerUser: z.number().int().meta({ description: "Calls per hour each active admin or expert adds to the account's pool" }),
    countedUsers: z.number().int().meta({ description: "Active admins and experts: allowedCount = limitPerUser x countedUsers" }),
    scorecardAccess: z.enum(["read", "write"]).nullable().optional().meta({ description: "Only with ?docId=: the caller's access to it (null: none)" }),
    language: Language.nullable().optional().meta({ description: "The caller's chosen interface language (null: the browser's)" }),
    twoFactorSetupNeeded: z
      .boolean()
      .optional()
      .meta({ description: "Present (true) when the account requires two-factor codes and this session has none: it may only set them up" }),
    accessVersion: z.string().meta({
      description:
        "Changes whenever what the caller may read or write changes (its role, a share, a scorecard deleted or restored): a client keeps per-user answers under it",
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

export const CallSpender = z
  .object({
    kind: z.enum(["api_key", "session", "push", "feed", "others"]).meta({
      description:
        "An API key; the tokens from POST /rest/login of one person (scripts signing in with a password), summed; a push connector's URL; a spreadsheet link; others: the rest, summed, for a caller who is not an admin",
    }),
    name: z.string().meta({ description: "The key's or connector's name, or what the token or link is" }),
    userEmail: z.string().nullable().meta({ description: "Whose key, token or link it is (null for a push URL)" }),
    used: z.number().int().meta({ description: "Calls it spent in the current window" }),
  })
  .meta({ id: "CallSpender" });

export const CallSpending = z
  .object({
    allowedCount: z.number().int(),
    usedCount: z.number().int(),
    resetAt: z.string(),
    spenders: z.array(CallSpender).meta({
      description: "What spent the window's calls, most first. Admins see every spender; others see their own and one line for the rest",
    }),
  })
  .meta({
    id: "CallSpending",
    example: {
      allowedCount: 300,
      usedCount: 42,
      resetAt: "2026-11-22T10:00:00.000Z",
      spenders: [
        { kind: "api_key", name: "Nightly BI export", userEmail: "demo@example.com", used: 40 },
        { kind: "push", name: "Zapier orders", userEmail: null, used: 2 },
      ],
    },
  });
export type CallSpending = z.infer<typeof CallSpending>;
