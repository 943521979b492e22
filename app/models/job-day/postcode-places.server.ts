import type { Place } from "~/lib/route-order";
import { postcodeParts } from "~/lib/service-area";
import { config } from "~/services/config.server";
import { db } from "~/services/db.server";
import { lookupPostcodes } from "~/services/postcode-lookup.server";

/**
 * Where postcodes are (docs/rules.md#the-run-sheet): each one looked up once from the
 * postcodes.io-compatible service at POSTCODES_URL and kept (postcode_places); one the service did
 * not know is asked again after a week. Without POSTCODES_URL nothing is looked up, and a
 * postcode's place is what was kept, if anything: no customer's postcode leaves the shop unless
 * the owner chose a service.
 */

const ASK_AGAIN_MS = 7 * 86_400_000;
const MICRO = 1_000_000;

/** Each postcode given (as typed) with its place, or null when it has none known. */
export async function placesOf(
  postcodes: readonly string[],
  now = new Date(),
): Promise<Map<string, Place | null>> {
  const written = new Map(postcodes.map((typed) => [typed, postcodeParts(typed)?.postcode]));
  const wanted = [...new Set([...written.values()].filter((p): p is string => Boolean(p)))];
  const kept =
    wanted.length === 0
      ? []
      : await db()
          .selectFrom("postcode_places")
          .selectAll()
          .where("postcode", "in", wanted)
          .execute();
  const places = new Map<string, Place | null>();
  const askAgain = new Set(wanted);
  for (const row of kept) {
    const place =
      row.lat_micro === null || row.lng_micro === null
        ? null
        : { lat: row.lat_micro / MICRO, lng: row.lng_micro / MICRO };
    places.set(row.postcode, place);
    if (place || now.getTime() - Date.parse(row.looked_up_at) < ASK_AGAIN_MS)
      askAgain.delete(row.postcode);
  }
  const service = config().postcodesUrl;
  if (service && askAgain.size > 0) {
    const found = await lookupPostcodes(service, [...askAgain]);
    for (const [postcode, place] of found) {
      places.set(postcode, place);
      const values = {
        lat_micro: place ? Math.round(place.lat * MICRO) : null,
        lng_micro: place ? Math.round(place.lng * MICRO) : null,
        looked_up_at: now.toISOString(),
      };
      await db()
        .insertInto("postcode_places")
        .values({ postcode, ...values })
        .onConflict((oc) => oc.column("postcode").doUpdateSet(values))
        .execute();
    }
  }
  return new Map(
    postcodes.map((typed) => {
      const postcode = written.get(typed);
      return [typed, postcode ? (places.get(postcode) ?? null) : null];
    }),
  );
}
