import { z } from "zod";

export const Role = z.enum(["admin", "expert", "viewer"]).meta({
  id: "Role",
  description:
    "admin: people, API keys, webhooks and every scorecard of the account; expert: builds and edits the scorecards it may write, " +
    "enters values, uses the API; viewer: reads the scorecards shared with it, and nothing it holds can write. " +
    "The account's hourly call limit is the per-user limit times its active admins and experts.",
});
export type Role = z.infer<typeof Role>;
export const ROLE_RANK: Record<Role, number> = { viewer: 0, expert: 1, admin: 2 };
export const roleAtLeast = (role: Role, needed: Role) => ROLE_RANK[role] >= ROLE_RANK[needed];

const Email = z.string().trim().toLowerCase().pipe(z.email("Invalid e-mail address")).pipe(z.string().max(320));
export const NewPassword = z.string().min(8, "The password must have at least 8 characters").max(1024);

const userExample = { id: 2, email: "ana@example.com", role: "expert" as const, active: true, twoFactor: false, createdAt: "2026-11-20T09:00:00.000Z" };

export const User = z
  .object({
    id: z.number().int(),
    email: z.string(),
    role: Role,
    active: z.boolean(),
    twoFactor: z.boolean().meta({ description: "Whether the person signs in with two-factor codes (an admin may turn them off for a person who lost them)" }),
    createdAt: z.string(),
  })
  .meta({ id: "User", example: userExample });
export type User = z.infer<typeof User>;

export const UserList = z.object({ items: z.array(User) }).meta({ id: "UserList", example: { items: [userExample] } });

export const UpdateUserRequest = z
  .object({ role: Role.optional(), active: z.boolean().optional() })
  .strict()
  .refine((v) => v.role !== undefined || v.active !== undefined, { message: "Give role, active or both" })
  .meta({
    id: "UpdateUserRequest",
    description: "Deactivating a user stops its sessions and API keys at once. An account always keeps one active admin.",
    example: { role: "viewer", active: true },
  });
export type UpdateUserRequest = z.infer<typeof UpdateUserRequest>;

export const CreateInvitationRequest = z
  .object({ email: Email, role: Role })
  .strict()
  .meta({ id: "CreateInvitationRequest", example: { email: "ana@example.com", role: "expert" } });
export type CreateInvitationRequest = z.infer<typeof CreateInvitationRequest>;

const invitationExample = {
  id: 4,
  email: "ana@example.com",
  role: "expert" as const,
  createdAt: "2026-11-20T09:00:00.000Z",
  expiresAt: "2026-11-27T09:00:00.000Z",
};

export const Invitation = z
  .object({ id: z.number().int(), email: z.string(), role: Role, createdAt: z.string(), expiresAt: z.string() })
  .meta({ id: "Invitation", example: invitationExample });
export type Invitation = z.infer<typeof Invitation>;

export const InvitationList = z
  .object({ items: z.array(Invitation) })
  .meta({ id: "InvitationList", description: "Invitations neither accepted, revoked nor expired", example: { items: [invitationExample] } });

export const CreatedInvitation = Invitation.extend({
  token: z.string().meta({ description: "Shown once: the invitee opens /join/{token} (or sends it to POST /rest/invitations/accept)" }),
  emailed: z.boolean().meta({ description: "Whether the invitation was e-mailed to its address (needs SMTP_URL on the server); the link works either way" }),
  emailError: z.string().nullable().meta({ description: "Why it could not be e-mailed, when it was tried and failed" }),
}).meta({ id: "CreatedInvitation", example: { ...invitationExample, token: "gin_Yx3...", emailed: true, emailError: null } });

export const InvitationLookup = z
  .object({ token: z.string().min(1).max(200) })
  .strict()
  .meta({ id: "InvitationLookup", example: { token: "gin_Yx3..." } });

export const InvitationDetails = z
  .object({
    email: z.string().meta({ description: "The address the invitation is for: the new login's e-mail" }),
    role: Role,
    account: z.string().meta({ description: "The account joined: its name, or its inviting admin's e-mail when it has none" }),
    invitedBy: z.string().nullable().meta({ description: "The e-mail of the admin who invited" }),
    expiresAt: z.string(),
  })
  .meta({
    id: "InvitationDetails",
    example: { email: "ana@example.com", role: "expert", account: "Acme Corp", invitedBy: "boss@example.com", expiresAt: "2026-11-27T09:00:00.000Z" },
  });
export type InvitationDetails = z.infer<typeof InvitationDetails>;

export const AcceptInvitationRequest = z
  .object({ token: z.string().min(1).max(200), password: NewPassword })
  .strict()
  .meta({ id: "AcceptInvitationRequest", example: { token: "gin_Yx3...", password: "a long passphrase" } });
export type AcceptInvitationRequest = z.infer<typeof AcceptInvitationRequest>;

export const ChangePasswordRequest = z
  .object({ currentPassword: z.string().min(1).max(1024), newPassword: NewPassword })
  .strict()
  .meta({
    id: "ChangePasswordRequest",
    description: "Other sessions of the user are signed out; its API keys keep working.",
    example: { currentPassword: "old passphrase", newPassword: "a new long passphrase" },
  });

export const SetupStatus = z
  .object({
    needed: z.boolean().meta({ description: "True until the first account exists" }),
    singleSignOn: z.boolean().meta({ description: "Whether an account of this installation signs in with single sign-on: the login page offers it only then" }),
  })
  .meta({ id: "SetupStatus", example: { needed: false, singleSignOn: true } });
export type SetupStatus = z.infer<typeof SetupStatus>;

export const SetupRequest = z
  .object({ email: Email, password: NewPassword })
  .strict()
  .meta({ id: "SetupRequest", example: { email: "boss@example.com", password: "a long passphrase" } });
export type SetupRequest = z.infer<typeof SetupRequest>;
