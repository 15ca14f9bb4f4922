import { z } from "zod";

const tokenExample = { id: 1, name: "Entra ID provisioning", createdAt: "2026-11-27T09:00:00.000Z", lastUsedAt: null };

export const ScimToken = z
  .object({ id: z.number().int(), name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() })
  .meta({ id: "ScimToken", example: tokenExample });
export type ScimToken = z.infer<typeof ScimToken>;

export const ScimTokenList = z
  .object({ baseUrl: z.string().meta({ description: "The SCIM 2.0 base URL to give the identity provider" }), items: z.array(ScimToken) })
  .meta({ id: "ScimTokenList", example: { baseUrl: "https://gauge.example.com/scim/v2", items: [tokenExample] } });

export const CreateScimTokenRequest = z
  .object({ name: z.string().trim().min(1, "name is required").max(200) })
  .meta({ id: "CreateScimTokenRequest", example: { name: "Entra ID provisioning" } });

export const CreatedScimToken = z
  .object({ id: z.number().int(), name: z.string(), token: z.string().meta({ description: "The bearer token: shown only in this answer" }) })
  .meta({ id: "CreatedScimToken", example: { id: 1, name: "Entra ID provisioning", token: "gsc_Yw2..." } });
