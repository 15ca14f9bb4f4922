import "server-only";
import { GroupedValues } from "@/lib/contract/grouped";
import type { Period } from "@/lib/contract/kpis";
import { PublicId, PublicScorecard } from "@/lib/contract/scorecards";
import { apiBaseUrl } from "./kpi-client";

// Visitors of a public page share these reads for a minute; the API does not count them either.
const SHARED_FOR_SECONDS = 60;

async function publicRead<T>(path: string, parse: (json: unknown) => T): Promise<T | null> {
  const response = await fetch(`${apiBaseUrl()}${path}`, { next: { revalidate: SHARED_FOR_SECONDS } });
  if (response.status === 404 || response.status === 400) return null;
  if (!response.ok) throw new Error(`The public scorecard could not be read (${response.status})`);
  return parse(await response.json());
}

/** A published scorecard's tree and grouped values, or null when nothing is published at the link. */
export async function readPublicScorecard(publicId: string, range: { period: Period; from: string; to: string }) {
  if (!PublicId.safeParse(publicId).success) return null;
  const [card, grouped] = await Promise.all([
    publicRead(`/public/${publicId}`, (json) => PublicScorecard.parse(json)),
    publicRead(`/public/${publicId}/grouped-value/${range.period}/${range.from}/${range.to}`, (json) => GroupedValues.parse(json)),
  ]);
  return card && grouped ? { card, grouped } : null;
}
