import { z } from "zod";
import { Guid, IsoDate, RowId } from "./common";

const noteExample = {
  id: 12,
  kpiGuid: "0b6f1a52-6c8e-4c1e-9d7a-3f2b1c0d9e8f",
  date: "2026-10-01",
  text: "Two enterprise customers left after the price change.",
  authorId: 7,
  authorEmail: "ana@example.com",
  createdAt: "2026-11-03T08:30:00.000Z",
};

export const Note = z
  .object({
    id: z.number().int(),
    kpiGuid: z.string(),
    date: z.string().meta({ description: "The period the note is about, by its first day" }),
    text: z.string(),
    authorId: z.number().int().nullable(),
    authorEmail: z.string().nullable().meta({ description: "Null when the author's user no longer exists" }),
    createdAt: z.string(),
  })
  .meta({ id: "Note", example: noteExample });
export type Note = z.infer<typeof Note>;

export const NoteList = z.object({ items: z.array(Note) }).meta({ id: "NoteList", description: "By date, then as written", example: { items: [noteExample] } });
export type NoteList = z.infer<typeof NoteList>;

export const CreateNote = z
  .strictObject({
    date: IsoDate,
    text: z.string().trim().min(1, "Write the note first").max(2000, "A note has at most 2000 characters"),
  })
  .meta({ id: "CreateNote", example: { date: "2026-10-01", text: "Two enterprise customers left after the price change." } });
export type CreateNote = z.infer<typeof CreateNote>;

export const NoteQuery = z.object({
  from: IsoDate.optional(),
  to: IsoDate.optional(),
  kpiGuid: Guid.optional(),
});

export const NotificationSettings = z
  .object({
    emailAvailable: z.boolean(),
    emailUnavailableReason: z.string().nullable().meta({ description: "Why alerts and reminders cannot e-mail, when they cannot" }),
    reminderDays: z
      .number()
      .int()
      .nullable()
      .meta({ description: "Days after a period ends before a missing value is overdue and its KPI's owner is reminded; null: no reminders" }),
    reminderWebhookId: z
      .number()
      .int()
      .nullable()
      .meta({ description: "Where reminders go when e-mail is not available (or the owner is not a user with an address)" }),
  })
  .meta({ id: "NotificationSettings", example: { emailAvailable: true, emailUnavailableReason: null, reminderDays: 3, reminderWebhookId: null } });
export type NotificationSettings = z.infer<typeof NotificationSettings>;

export const UpdateNotificationSettings = z
  .strictObject({
    reminderDays: z.number().int().min(0, "At least 0 days").max(90, "At most 90 days").nullable().optional(),
    reminderWebhookId: RowId.nullable().optional(),
  })
  .meta({ id: "UpdateNotificationSettings", example: { reminderDays: 5 } });
export type UpdateNotificationSettings = z.infer<typeof UpdateNotificationSettings>;
