import "server-only";
import { GroupedValues } from "@/lib/contract/grouped";
import type { Period } from "@/lib/contract/kpis";
import { PublicId, PublicScorecard } from "@/lib/contract/scorecards";
import { apiBaseUrl } from "./kpi-client";
import { appReadStore, cachedRead } from "./read-cache";

class NotPublished extends Error {}

/**
 * A public read through the shared cache, as the signed-in pages' reads are: every visitor and
 * every process share it, confirmed with the API (a free 304 when unchanged) once it is older than
 * a few seconds. The API does not count these reads either.
 */
async function publicRead<T>(publicId: string, path: string, parse: (json: unknown) => T): Promise<T | null> {
  const load = async (etag: string | null) => {
    const response = await fetch(`${apiBaseUrl()}${path}`, {
      cache: "no-store",
      headers: { "Accept-Encoding": "identity", ...(etag === null ? {} : { "If-None-Match": etag }) },
    });
    if (response.status === 304) return { notModified: true as const };
    if (response.status === 404 || response.status === 400) throw new NotPublished();
    if (!response.ok) throw new Error(`The public scorecard could not be read (${response.status})`);
    return { value: parse(await response.json()), etag: response.headers.get("ETag") };
  };
  try {
    return (await cachedRead<T>(await appReadStore(), `public:${publicId}`, ["public", path], load, () => false)).value;
  } catch (error) {
    if (error instanceof NotPublished) return null;
    throw error;
  }
}

/** A published scorecard's tree and grouped values, or null when nothing is published at the link. */
export async function readPublicScorecard(publicId: string, range: { period: Period; from: string; to: string }) {
  if (!PublicId.safeParse(publicId).success) return null;
  const [card, grouped] = await Promise.all([
    publicRead(publicId, `/public/${publicId}`, (json) => PublicScorecard.parse(json)),
    publicRead(publicId, `/public/${publicId}/grouped-value/${range.period}/${range.from}/${range.to}`, (json) => GroupedValues.parse(json)),
  ]);
  return card && grouped ? { card, grouped } : null;
}
