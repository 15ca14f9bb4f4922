import { z } from "zod";
import { Language } from "./preferences";

const Translation = z
  .strictObject({
    name: z.string().trim().min(1, "Must not be empty").max(200).optional(),
    description: z.string().max(5000).optional(),
    measure: z.string().trim().min(1, "Must not be empty").max(100).optional().meta({ description: 'A KPI\'s unit in that language ("meses" for "months")' }),
  })
  .meta({ description: "What a reader of that language sees instead of the original; a field left out shows the original" });

/**
 * A KPI's, a perspective's, a scorecard's or an initiative's name and description in other
 * languages, by language: `{"es": {"name": "Ingresos"}}`. The original `name` stays the
 * vendor's field; the dashboard, the map, the board pack and e-mails show a reader's language
 * where a translation exists.
 */
export const Translations = z.partialRecord(Language, Translation).meta({
  id: "Translations",
  description: "The name and description by language (ISO 639-1); sending it replaces all of them, {} removes them",
  example: { es: { name: "Ingresos", description: "Ventas facturadas en el mes", measure: "USD" } },
});
export type Translations = z.infer<typeof Translations>;

/** The translations worth keeping: languages with at least one field, or null when none. */
export function keptTranslations(translations: Translations | null | undefined): Translations | null {
  const kept = Object.entries(translations ?? {}).filter(([, t]) => t && (t.name !== undefined || t.description !== undefined || t.measure !== undefined));
  return kept.length ? (Object.fromEntries(kept) as Translations) : null;
}

/** `translations` in an answer: present only when there are some. */
export const translationsOf = (stored: Translations | null | undefined) => (stored && Object.keys(stored).length ? { translations: stored } : {});
