import { z } from "zod";
import { NewPassword } from "./people";

export const PasswordResetRequest = z
  .object({ email: z.string().trim().toLowerCase().min(3, "Enter your e-mail").max(320) })
  .meta({ id: "PasswordResetRequest", example: { email: "ana@example.com" } });

export const PasswordResetAccepted = z
  .object({
    message: z.string(),
    byEmail: z.boolean().meta({ description: "Whether this server sends e-mail at all (the same for every address): without it, an admin issues reset links" }),
  })
  .meta({
    id: "PasswordResetAccepted",
    example: { message: "If that e-mail belongs to a user, a reset link is on its way; it is valid for one hour.", byEmail: true },
  });

export const PasswordResetConfirm = z
  .object({ token: z.string().min(10).max(200), password: NewPassword })
  .meta({ id: "PasswordResetConfirm", example: { token: "gpr_8Xk...", password: "a new long password" } });

export const ResetLink = z
  .object({ url: z.string(), expiresAt: z.string() })
  .meta({ id: "ResetLink", example: { url: "https://gauge.example.com/reset/gpr_8Xk...", expiresAt: "2026-11-27T10:00:00.000Z" } });
export type ResetLink = z.infer<typeof ResetLink>;
