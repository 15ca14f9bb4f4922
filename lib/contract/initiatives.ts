import { z } from "zod";
import { Translations } from "./translations";
import { IsoDate } from "./common";
import { INITIATIVE_STATUS_NAMES, INITIATIVE_STATUSES } from "./constants";

export { INITIATIVE_STATUS_NAMES };

export const InitiativeStatus = z.enum(INITIATIVE_STATUSES);
export type InitiativeStatus = z.infer<typeof InitiativeStatus>;
export const DurationUnit = z.enum(["DAY", "WEEK", "MONTH", "YEAR"]);

export const InitiativeStatusList = z
  .object({ items: z.array(z.object({ value: InitiativeStatus, name: z.string() })) })
  .meta({ id: "InitiativeStatusList", example: { items: [{ value: "IN_PROGRESS", name: "In progress" }] } });

const money = z.number().finite().min(0).max(1e15);

/**
 * The vendor's initiative body: `name`, `status` and `initiativeType` are required; Gauge adds
 * `actualBudget`, `intervalEnd` and `responsible`. PUT replaces the whole initiative.
 */
export const InitiativeBody = z
  .strictObject({
    name: z.string().trim().min(1).max(200),
    status: InitiativeStatus,
    initiativeType: z.string().trim().min(1).max(100).meta({ description: "Free text, e.g. PROJECT, ACTION, PROGRAM" }),
    description: z.string().max(5000).optional(),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, "A three-letter ISO 4217 code, e.g. USD")
      .optional(),
    durationUnit: DurationUnit.optional(),
    intervalStart: IsoDate.optional(),
    intervalEnd: IsoDate.optional(),
    showOnMap: z.boolean().optional(),
    budget: money.optional(),
    actualBudget: money.optional(),
    duration: z.number().finite().min(0).max(1e6).optional(),
    responsible: z.array(z.string().trim().min(1).max(200)).max(50).optional().meta({ description: "People responsible (e-mail addresses or names)" }),
    translations: Translations.optional(),
  })
  .refine((b) => !b.intervalStart || !b.intervalEnd || b.intervalStart <= b.intervalEnd, { message: "Must not be before intervalStart", path: ["intervalEnd"] })
  .meta({
    id: "InitiativeBody",
    example: {
      name: "Launch loyalty programme",
      status: "IN_PROGRESS",
      initiativeType: "PROJECT",
      budget: 120000,
      currency: "USD",
      intervalStart: "2026-01-01",
      intervalEnd: "2026-06-30",
      showOnMap: true,
    },
  });
export type InitiativeBody = z.infer<typeof InitiativeBody>;

const initiativeExample = {
  guid: "3f2b1c0d-9e8f-4c1e-9d7a-0b6f1a526c8e",
  name: "Launch loyalty programme",
  description: "",
  status: "IN_PROGRESS" as const,
  initiativeType: "PROJECT",
  showOnMap: true,
  budget: 120000,
  actualBudget: 45000,
  currency: "USD",
  duration: 6,
  durationUnit: "MONTH" as const,
  intervalStart: "2026-01-01",
  intervalEnd: "2026-06-30",
  author: "demo@example.com",
  responsible: ["ana@example.com"],
  alignedKpiGuid: "0b6f1a52-6c8e-4c1e-9d7a-3f2b1c0d9e8f",
  alignedInitiativesGuids: [],
  documents: [],
};

export const Initiative = z
  .object({
    guid: z.string(),
    name: z.string(),
    description: z.string(),
    status: InitiativeStatus,
    initiativeType: z.string(),
    showOnMap: z.boolean(),
    budget: z.number().nullable(),
    actualBudget: z.number().nullable(),
    currency: z.string(),
    duration: z.number().nullable(),
    durationUnit: DurationUnit.nullable(),
    intervalStart: z.string().nullable(),
    intervalEnd: z.string().nullable(),
    author: z.string().nullable().meta({ description: "The e-mail of the user who created it" }),
    responsible: z.array(z.string()),
    alignedKpiGuid: z.string().meta({ description: "The KPI it is attached to" }),
    alignedInitiativesGuids: z.array(z.string()).meta({ description: "Always empty: Gauge does not link initiatives to each other" }),
    documents: z.array(z.unknown()).meta({ description: "Always empty: Gauge keeps no attachments" }),
    translations: Translations.optional().meta({ description: "Its name and description in other languages (present when it has any)" }),
  })
  .meta({ id: "Initiative", example: initiativeExample });
export type Initiative = z.infer<typeof Initiative>;

export const InitiativeList = z.object({ items: z.array(Initiative) }).meta({ id: "InitiativeList", example: { items: [initiativeExample] } });
