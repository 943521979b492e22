import type { Place } from "~/lib/route-order";

/**
 * Postcodes to places through a postcodes.io-compatible service (POSTCODES_URL: the public
 * https://api.postcodes.io, or the same open-source service run by the owner): one bulk request
 * (`POST /postcodes`, up to 100 postcodes) answered with each postcode's latitude and longitude.
 * Never waits long: a slow or failing service leaves the run sheet in window order, not blank.
 */

const BULK_LIMIT = 100;
const TIMEOUT_MS = 3_000;

interface BulkAnswer {
  result?: { query?: string; result?: { latitude?: number; longitude?: number } | null }[];
}

/**
 * Each postcode asked: its place, null when the service does not know it; a postcode missing from
 * the answer (the service failed or timed out) is not in the map, so it is asked again next time.
 */
export async function lookupPostcodes(
  baseUrl: string,
  postcodes: readonly string[],
): Promise<Map<string, Place | null>> {
  const found = new Map<string, Place | null>();
  for (let at = 0; at < postcodes.length; at += BULK_LIMIT) {
    const batch = postcodes.slice(at, at + BULK_LIMIT);
    let answer: BulkAnswer;
    try {
      const response = await fetch(`${baseUrl}/postcodes`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ postcodes: batch }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) return found;
      answer = (await response.json()) as BulkAnswer;
    } catch {
      return found;
    }
    for (const row of answer.result ?? []) {
      const asked = batch.find((postcode) => postcode === row.query);
      if (asked === undefined) continue;
      const { latitude, longitude } = row.result ?? {};
      found.set(
        asked,
        typeof latitude === "number" &&
          typeof longitude === "number" &&
          Math.abs(latitude) <= 90 &&
          Math.abs(longitude) <= 180
          ? { lat: latitude, lng: longitude }
          : null,
      );
    }
  }
  return found;
}
