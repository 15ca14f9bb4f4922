import { z } from "zod";
import { Translations } from "./translations";
import { Alias, RowId } from "./common";
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
  alias: "company",
  guid: "7c9e6679-7425-40de-944b-e07fc1f90ae7",
  type: "DOCUMENT" as const,
  icon: "",
  lockedUntil: null,
  treeGroupId: 0,
  items: [],
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
    alias: z.string().nullable().meta({ description: "A name that may stand for `id` in every path (null: none)" }),
    guid: z.string().meta({ description: "A stable GUID of the scorecard" }),
    type: z.literal("DOCUMENT").meta({ description: "The tree item's type (the vendor's field): scorecards are DOCUMENT, folders GROUP" }),
    icon: z.string().meta({ description: "An icon's path or name, as the caller set it (empty: none)" }),
    lockedUntil: z
      .string()
      .nullable()
      .meta({ description: "Values dated on or before it are locked: every write to them is refused (409). Null: nothing is locked" }),
    treeGroupId: z.number().int().meta({ description: "The folder holding it: Gauge has one folder per account, 0" }),
    items: z.array(z.unknown()).meta({ description: "Child tree items: always empty for a scorecard (the vendor's field)" }),
    health: z
      .object({ month: z.string(), score: z.number().nullable(), status: Status })
      .nullable()
      .optional()
      .meta({ description: "In documents/list: the whole scorecard's score and status in the last complete month (`month` is its first day)" }),
    translations: Translations.optional().meta({ description: "Its name and description in other languages (present when it has any)" }),
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
      .array(z.object({ userId: RowId, access: Access }).strict())
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

export const PublicScorecard = z.object({ name: z.string(), description: z.string(), updatedAt: z.string(), root: KpiNode }).meta({
  id: "PublicScorecard",
  example: {
    name: "Company balanced scorecard",
    description: "Strategy map of the company",
    updatedAt: "2026-11-20T09:12:00.000Z",
    root: kpiRootExample,
  },
});
export type PublicScorecard = z.infer<typeof PublicScorecard>;

const groupExample = { id: 0, name: "Scorecards", type: "GROUP" as const, items: [scorecardExample] };

export const DocumentTree = z
  .object({
    root: z
      .object({ id: z.number().int(), name: z.string(), type: z.literal("GROUP"), items: z.array(Scorecard) })
      .meta({ description: "The account's one folder (id 0) holding the caller's own scorecards" }),
    sharedToUser: z.array(Scorecard).meta({ description: "Others the caller may read" }),
  })
  .meta({ id: "DocumentTree", example: { root: groupExample, sharedToUser: [] } });
export type DocumentTree = z.infer<typeof DocumentTree>;

export const CreateDocument = z
  .strictObject({
    parentGroupId: z.number().int().optional().meta({ description: "The folder: only 0 (the account's one folder) exists" }),
    name: z.string().trim().min(1).max(200).optional().meta({ description: 'Default: "New scorecard"' }),
    description: z.string().max(5000).optional(),
    alias: Alias.optional(),
    icon: z.string().max(500).optional(),
    translations: Translations.optional(),
  })
  .meta({ id: "CreateDocument", example: { parentGroupId: 0, name: "Operations 2027", alias: "ops-2027" } });
export type CreateDocument = z.infer<typeof CreateDocument>;

export const UpdateDocument = z
  .strictObject({
    name: z.string().trim().min(1).max(200),
    alias: Alias.nullable().optional().meta({ description: "null removes it" }),
    description: z.string().max(5000).optional(),
    icon: z.string().max(500).optional(),
    sharedForPublic: z.boolean().optional().meta({ description: "Publish at a public read-only link (owner or admin only)" }),
    sharedForRegRW: z.boolean().optional().meta({ description: "Every user of the account may read and write it (owner or admin only)" }),
    translations: Translations.optional(),
  })
  .meta({ id: "UpdateDocument", example: { name: "Company balanced scorecard", alias: "company", description: "2027 strategy" } });
export type UpdateDocument = z.infer<typeof UpdateDocument>;

export const DeletedDocument = z
  .object({
    id: z.number().int(),
    name: z.string(),
    deletedAt: z.string(),
    restorableUntil: z.string().meta({ description: "POST /rest/api/documents/list/{id}/restore brings it back until then; later it is purged" }),
  })
  .meta({ id: "DeletedDocument", example: { id: 3, name: "Old plan", deletedAt: "2026-11-23T10:00:00.000Z", restorableUntil: "2026-12-23T10:00:00.000Z" } });
export type DeletedDocument = z.infer<typeof DeletedDocument>;
export const DeletedDocumentList = z.object({ items: z.array(DeletedDocument) }).meta({
  id: "DeletedDocumentList",
  example: { items: [{ id: 3, name: "Old plan", deletedAt: "2026-11-23T10:00:00.000Z", restorableUntil: "2026-12-23T10:00:00.000Z" }] },
});
