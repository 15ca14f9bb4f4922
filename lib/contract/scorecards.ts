import { z } from "zod";
import { KpiNode, kpiRootExample, Status } from "./kpis";

const scorecardExample = {
  id: 1,
  name: "Company balanced scorecard",
  description: "Strategy map of the company",
  kpiCount: 18,
  updatedAt: "2026-11-20T09:12:00.000Z",
  ownerId: 1,
  sharedForPublic: false,
  sharedForRegRW: false,
  access: "write" as const,
  health: { month: "2026-10-01", score: 0.85, status: "AT_RISK" as const },
};

export const Scorecard = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    kpiCount: z.number().int(),
    updatedAt: z.string(),
    ownerId: z.number().int().nullable().meta({ description: "The user who owns it (null once that user is gone)" }),
    sharedForPublic: z.boolean().meta({ description: "Published at a public read-only link" }),
    sharedForRegRW: z.boolean().meta({ description: "Every user of the account may read and write it" }),
    access: z.enum(["read", "write"]).meta({ description: "What the caller may do with it" }),
    health: z
      .object({ month: z.string(), score: z.number().nullable(), status: Status })
      .nullable()
      .optional()
      .meta({ description: "In documents/list: the whole scorecard's score and status in the last complete month (`month` is its first day)" }),
  })
  .meta({ id: "Scorecard", example: scorecardExample });
export type Scorecard = z.infer<typeof Scorecard>;

export const ScorecardList = z
  .object({
    documents: z.array(Scorecard).meta({ description: "The caller's own scorecards" }),
    sharedToUser: z.array(Scorecard).meta({ description: "Others the caller may read: shared with it, with the whole account, or (admins) any" }),
  })
  .meta({ id: "ScorecardList", example: { documents: [scorecardExample], sharedToUser: [] } });
export type ScorecardList = z.infer<typeof ScorecardList>;

export const Access = z.enum(["read", "write"]);
export type Access = z.infer<typeof Access>;
export const AccountAccess = z.enum(["none", "read", "write"]);

const sharingExample = {
  ownerId: 1,
  ownerEmail: "demo@example.com",
  account: "read" as const,
  users: [{ userId: 2, email: "ana@example.com", access: "write" as const }],
  publicId: null,
};

export const Sharing = z
  .object({
    ownerId: z.number().int().nullable(),
    ownerEmail: z.string().nullable(),
    account: AccountAccess.meta({ description: "What every user of the account may do (sharedForRegRW is account = write)" }),
    users: z.array(z.object({ userId: z.number().int(), email: z.string(), access: Access })),
    publicId: z.string().nullable().meta({ description: "The public read-only page is /p/{publicId}; null when not published" }),
  })
  .meta({ id: "Sharing", example: sharingExample });
export type Sharing = z.infer<typeof Sharing>;

export const UpdateSharing = z
  .object({
    account: AccountAccess.optional(),
    users: z
      .array(z.object({ userId: z.number().int().positive().max(2_147_483_647), access: Access }).strict())
      .max(1000)
      .optional()
      .meta({ description: "The whole list of per-user shares (replaces the current one)" }),
    public: z.boolean().optional().meta({ description: "true publishes a read-only page (a new link each time it is turned on); false removes it" }),
  })
  .strict()
  .meta({ id: "UpdateSharing", example: { account: "read", users: [{ userId: 2, access: "write" }], public: false } });
export type UpdateSharing = z.infer<typeof UpdateSharing>;

export const PublicId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, "Invalid public link")
  .meta({ description: "The secret part of a scorecard's public link", example: "pub_k3J9sQ2mXv7aLw0Rt5yZ" });

export const PublicScorecard = z
  .object({ name: z.string(), description: z.string(), updatedAt: z.string(), root: KpiNode })
  .meta({
    id: "PublicScorecard",
    example: {
      name: "Company balanced scorecard",
      description: "Strategy map of the company",
      updatedAt: "2026-11-20T09:12:00.000Z",
      root: kpiRootExample,
    },
  });
export type PublicScorecard = z.infer<typeof PublicScorecard>;
