import { z } from "zod";

/** The interface languages (ISO 639-1); the dashboard has one messages file for each. */
export const LANGUAGES = ["en", "es"] as const;

export const Language = z.enum(LANGUAGES).meta({ description: "An interface language (ISO 639-1)" });
export type Language = z.infer<typeof Language>;

export const Preferences = z
  .object({
    language: Language.nullable().meta({
      description: "The language of the dashboard and of the e-mails the user receives; null: the browser's (e-mails: English)",
    }),
  })
  .strict()
  .meta({ id: "Preferences", example: { language: "es" } });
export type Preferences = z.infer<typeof Preferences>;
