import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { phonePhoto } from "../support/images";
import { quoteForm, sendQuote } from "../support/make";
import { rows } from "../support/database";
import { startServer, type RunningServer } from "../support/server";

/**
 * A burst of quote requests from one address, all at once: the hourly limit
 * (five) must hold however many arrive together, whether they are valid or
 * not, so the form cannot be used to send confirmation emails in bulk.
 * RELIABILITY_SCALE multiplies the burst (20 by default).
 */
const N = 20 * Number(process.env.RELIABILITY_SCALE ?? 1);
const LIMIT = 5;

async function count(server: RunningServer, table: "quotes" | "outbox"): Promise<number> {
  const [row] = await rows<{ n: number }>(server, `SELECT count(*) AS n FROM ${table}`);
  return row!.n;
}

describe(`${N} quote requests at once from one address`, () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it(`lets at most ${LIMIT} through, stores at most ${LIMIT} quotes and queues at most ${LIMIT * 2} emails`, async () => {
    const photo = await phonePhoto();
    const kinds = ["valid", "valid", "no name", "not a photo", "honeypot"] as const;
    const send = (i: number) => {
      const kind = kinds[i % kinds.length]!;
      const fields: Record<string, string> = {
        fullName: kind === "no name" ? "" : `Burst ${i}`,
        email: `victim${i}@example.com`,
        phoneNumber: "07700 900456",
        address1: "1 High Street",
        town: "Reading",
        postcode: "RG1 1AA",
        comments: "Visit http://spam.example for cheap watches",
      };
      if (kind === "honeypot") fields.website = "http://spam.example";
      const bytes = kind === "not a photo" ? new TextEncoder().encode("text") : photo;
      // Untyped: the server decides by the bytes.
      const form = quoteForm(fields, [{ name: `p${i}.jpg`, bytes, type: "" }]);
      // Half through the page, half through the API: one limit for both.
      return sendQuote(server, form, {
        from: "198.51.100.77",
        pathName: i % 2 ? "/quote" : "/api/products/quotationRequest",
        redirect: "manual",
      });
    };
    const statuses = await Promise.all(
      Array.from({ length: N }, async (_, i) => {
        const res = await send(i);
        await res.arrayBuffer();
        return res.status;
      }),
    );
    const tally = statuses.reduce<Record<number, number>>(
      (t, s) => ({ ...t, [s]: (t[s] ?? 0) + 1 }),
      {},
    );
    const quotes = await count(server, "quotes");
    const emails = await count(server, "outbox");
    console.log(
      `quote burst: ${N} at once → statuses ${JSON.stringify(tally)}; ${quotes} quotes stored, ${emails} emails queued`,
    );
    expect(statuses.every((s) => s < 500)).toBe(true);
    // Exactly LIMIT were let in to be read (the check and the count are one step); the rest are 429.
    expect(statuses.filter((s) => s !== 429)).toHaveLength(LIMIT);
    // Accepted: 201 from the API, a 303 back to /quote from the page (bots get one too).
    expect((tally[201] ?? 0) + (tally[303] ?? 0)).toBeLessThanOrEqual(LIMIT);
    expect(quotes).toBeLessThanOrEqual(LIMIT);
    expect(emails).toBeLessThanOrEqual(LIMIT * 2);
    expect(emails).toBe(quotes * 2);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  }, 60_000);
});
