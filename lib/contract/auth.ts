import { z } from "zod";

export const LoginRequest = z
  .object({
    email: z.string().trim().min(1, "email is required").max(320),
    contraseña: z.string().min(1, "contraseña is required").max(1024),
  })
  .meta({ id: "LoginRequest", example: { email: "demo@example.com", contraseña: "demo-password" } });
export type LoginRequest = z.infer<typeof LoginRequest>;

export const LoginResponse = z
  .object({
    email: z.string(),
    errorMessage: z.string(),
    success: z.boolean(),
    token: z.string().nullable(),
  })
  .meta({
    id: "LoginResponse",
    example: { email: "demo@example.com", errorMessage: "", success: true, token: "gst_3q2+7w..." },
  });
export type LoginResponse = z.infer<typeof LoginResponse>;

const apiKeyExample = { id: 3, name: "Nightly BI export", createdAt: "2026-11-01T08:00:00.000Z", lastUsedAt: "2026-11-21T02:00:04.000Z" };

export const ApiKey = z
  .object({
    id: z.number().int(),
    name: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
  })
  .meta({ id: "ApiKey", example: apiKeyExample });
export type ApiKey = z.infer<typeof ApiKey>;

export const ApiKeyList = z.object({ items: z.array(ApiKey) }).meta({ id: "ApiKeyList", example: { items: [apiKeyExample] } });

export const CreateApiKeyRequest = z
  .object({ name: z.string().trim().min(1, "name is required").max(200) })
  .meta({ id: "CreateApiKeyRequest", example: { name: "Nightly BI export" } });

export const CreatedApiKey = z
  .object({ id: z.number().int(), name: z.string(), key: z.string() })
  .meta({ id: "CreatedApiKey", example: { id: 3, name: "Nightly BI export", key: "gak_N1x..." } });

export const AccessInfo = z
  .object({
    allowedCount: z.number().int(),
    usedCount: z.number().int(),
    resetAt: z.string(),
    email: z.string(),
    error: z.string().nullable(),
  })
  .meta({
    id: "AccessInfo",
    example: {
      allowedCount: 100,
      usedCount: 12,
      resetAt: "2026-11-22T10:00:00.000Z",
      email: "demo@example.com",
      error: null,
    },
  });
export type AccessInfo = z.infer<typeof AccessInfo>;
