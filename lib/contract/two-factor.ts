import { z } from "zod";

export const TwoFactorStatus = z
  .object({
    enabled: z.boolean(),
    recoveryCodesLeft: z.number().int(),
    requiredByAccount: z.boolean().meta({ description: "An admin requires two-factor codes for every user of the account" }),
  })
  .meta({ id: "TwoFactorStatus", example: { enabled: true, recoveryCodesLeft: 9, requiredByAccount: false } });
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

export const TwoFactorSetup = z
  .object({
    secret: z.string().meta({ description: "Base32, for apps that take it typed in" }),
    otpauthUri: z.string(),
    qrCode: z.string().meta({ description: "The otpauth URI as a QR code (an SVG data: URL)" }),
  })
  .meta({
    id: "TwoFactorSetup",
    example: { secret: "JBSWY3DPEHPK3PXP...", otpauthUri: "otpauth://totp/Gauge:ana%40example.com?secret=...", qrCode: "data:image/svg+xml;base64,..." },
  });
export type TwoFactorSetup = z.infer<typeof TwoFactorSetup>;

const OtpCode = z
  .string()
  .trim()
  .min(6, "Enter the 6-digit code or a recovery code")
  .max(32)
  .meta({ description: "A 6-digit code from the authenticator app, or one of the recovery codes" });

export const TwoFactorCodeRequest = z.object({ code: OtpCode }).meta({ id: "TwoFactorCodeRequest", example: { code: "492039" } });

export const RecoveryCodes = z
  .object({ recoveryCodes: z.array(z.string()).meta({ description: "Ten single-use codes: shown only in this answer" }) })
  .meta({ id: "RecoveryCodes", example: { recoveryCodes: ["k3v9q-7hx2m", "..."] } });
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;

export const SecuritySettings = z
  .object({ requireTwoFactor: z.boolean().meta({ description: "Every user must sign in with a code; until set up, their sessions may only set it up" }) })
  .strict()
  .meta({ id: "SecuritySettings", example: { requireTwoFactor: true } });
export type SecuritySettings = z.infer<typeof SecuritySettings>;
