import crypto from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { londonDateTimeLocal, todayInLondon } from "~/lib/london-clock.server";
import { rows } from "../support/database";
import { phonePhoto } from "../support/images";
import { pdfText } from "../support/pdf-text";
import { startServer, type RunningServer } from "../support/server";
import { completedJob, JOB_PHONE } from "../support/jobs";
import { followRedirect, postAsStaff, signInStaff, type SignedIn } from "../support/staff";

/**
 * Tip runs (issue 33; docs/rules.md#tip-runs): the office records a load at a tip site with the
 * jobs whose waste was on it; the gate fee is shared by the jobs' weights, a job's waste is on one
 * load only — even when two people record it at once — and the form refuses what the ticket
 * cannot say; on both engines.
 */

let server: RunningServer;
let staff: SignedIn;

beforeAll(async () => {
  server = await startServer({ env: { NODE_ENV: "test" } });
  staff = await signInStaff(server, { via: "api" });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const sql = <T = Record<string, unknown>>(text: string, ...params: unknown[]) =>
  rows<T>(server, text, ...params);

const post = (path: string, fields: Record<string, string>) =>
  postAsStaff(server, staff, path, fields);

const page = async (path: string) =>
  (
    await (await fetch(`${server.url}${path}`, { headers: { cookie: staff.cookie } })).text()
  ).replaceAll("<!-- -->", "");

/** A completed job of `quantity` office desks (bulky furniture, 20 03 07): its completion's id. */
const desks = (customer: string, quantity: number, weighed = true) =>
  completedJob(server, staff, customer, [{ product: "Office Desk", quantity, weighed }]);

async function site(): Promise<number> {
  const added = await post("/dashboard/tip-sites", {
    name: `Slyfield ${Date.now()}`,
    address: "Moorfield Road, Guildford",
    postcode: "GU1 1RX",
    authorisation_number: "EPR/AB1234CD",
  });
  expect(added.status).toBe(303);
  const [row] = await sql<{ id: number }>("SELECT id FROM receiving_sites ORDER BY id DESC");
  return row!.id;
}

const LOAD = (siteId: number, jobs: number[]) => ({
  site_id: String(siteId),
  arrived_at: londonDateTimeLocal(new Date(Date.now() - 30 * 60_000)),
  vehicle_registration: "ab12cde",
  gross_kg: "3240",
  tare_kg: "2100",
  ticket_number: "T-4471",
  gate_fee: "85",
  ...Object.fromEntries(jobs.map((id) => [`job_${id}`, "yes"])),
});

describe("tip runs", () => {
  it("records a load, shares its gate fee by weight, and the jobs are delivered", async () => {
    const siteId = await site();
    const one = await desks("Tip One", 1);
    const three = await desks("Tip Three", 3);
    const form = await page("/dashboard/tip-runs");
    expect(form).toContain(`WTN-${String(one).padStart(6, "0")}`);

    const saved = await post("/dashboard/tip-runs", LOAD(siteId, [one, three]));
    expect(saved.status).toBe(303);
    const [load] = await sql<Record<string, unknown>>(
      "SELECT vehicle_registration, gross_grams, tare_grams, net_grams, gate_fee_pence, ticket_number FROM tip_runs ORDER BY id DESC",
    );
    expect(load).toEqual({
      vehicle_registration: "AB12 CDE",
      gross_grams: 3_240_000,
      tare_grams: 2_100_000,
      net_grams: 1_140_000,
      gate_fee_pence: 8500,
      ticket_number: "T-4471",
    });
    const shares = await sql<{ completion_id: number; cost_pence: number }>(
      "SELECT completion_id, cost_pence FROM tip_run_jobs WHERE completion_id IN (?, ?) ORDER BY completion_id",
      one,
      three,
    );
    // Three of the same item weigh three times one: a quarter and three quarters of £85.
    expect(shares.map((s) => Number(s.cost_pence))).toEqual([2125, 6375]);
    const after = await page("/dashboard/tip-runs");
    expect(after).toContain("AB12 CDE · 1,140 kg net · ticket T-4471 · gate fee £85.00");
    expect(after).not.toContain(`name="job_${one}"`);

    // Defra's record of each job delivered today, checked: ready to hand to the site.
    const today = todayInLondon();
    const exported = await fetch(
      `${server.url}/dashboard/transfers/export.dwt.json?from=${today}&to=${today}`,
      { headers: { cookie: staff.cookie } },
    );
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-disposition")).toContain("defra-movements-");
    const text = await exported.text();
    // A household's email and phone are never exported.
    expect(text).not.toContain("tip@example.com");
    expect(text).not.toContain(JOB_PHONE);
    const body = JSON.parse(text) as { movements: Record<string, any>[] };
    expect(Object.keys(body)).toEqual(["movements"]);
    const reference = `WTN-${String(three).padStart(6, "0")}`;
    const record = { movement: body.movements.find((m) => m.yourUniqueReference === reference)! };
    expect(record.movement).toBeDefined();
    const [{ grams }] = (await sql<{ grams: number }>(
      "SELECT SUM(weight_grams) AS grams FROM job_waste_lines WHERE completion_id = ?",
      three,
    )) as [{ grams: number }];
    expect(record.movement).toMatchObject({
      yourUniqueReference: reference,
      otherReferencesForMovement: [
        { label: "Booking", reference: expect.stringMatching(/^HB\d+$/) },
        { label: "Weighbridge ticket", reference: "T-4471" },
      ],
      wasteItems: [
        {
          ewcCodes: ["200307"],
          physicalForm: expect.any(String),
          typeOfContainers: "LOO",
          weight: { metric: "Kilograms", amount: Number(grams) / 1000, isEstimate: true },
          containsPops: false,
          containsHazardous: false,
        },
      ],
      carrier: { meansOfTransport: "Road", vehicleRegistration: "AB12 CDE" },
      receiver: { authorisationNumber: "EPR/AB1234CD" },
      receipt: { address: { postcode: "GU1 1RX" } },
    });
    expect(record.movement.dateTimeReceived).toMatch(/Z$/);

    // Delivered once: the same job on another load is refused.
    const again = await post("/dashboard/tip-runs", LOAD(siteId, [one]));
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("A job ticked is already on another tip run");
  });

  it("hands the load to the site: its page, QR code and sheet, and the records without the household", async () => {
    const siteId = await site();
    const sofa = await desks("Handoff Household", 2);
    const saved = await post("/dashboard/tip-runs", LOAD(siteId, [sofa]));
    expect(saved.status).toBe(303);
    const location = saved.headers.get("location")!;
    expect(location).toMatch(/^\/dashboard\/tip-runs\/\d+$/);
    const runId = Number(location.split("/").pop());
    const reference = `TR-${String(runId).padStart(6, "0")}`;

    // The crew lands on the load's page: the QR code and the address it holds.
    const html = await page(location);
    expect(html).toContain(`Tip run ${reference}`);
    expect(html).toMatch(
      /<svg class="qr-code" viewBox="0 0 \d+ \d+" role="img" aria-label="QR code of this load/,
    );
    const [{ handoff_token: token }] = (await sql<{ handoff_token: string }>(
      "SELECT handoff_token FROM tip_runs WHERE id = ?",
      runId,
    )) as [{ handoff_token: string }];
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(html).toContain(`/handoff/${token}</p>`);

    // The printed sheet says the same, with the address as a link beside its code.
    const sheet = await fetch(`${server.url}${location}/sheet.pdf`, {
      headers: { cookie: staff.cookie },
    });
    expect(sheet.headers.get("content-type")).toBe("application/pdf");
    const printed = await pdfText(new Uint8Array(await sheet.arrayBuffer()));
    const text = printed.pages.join("\n");
    expect(text).toContain("Tip run");
    expect(text).toContain(reference);
    expect(text).toContain(`WTN-${String(sofa).padStart(6, "0")}`);
    expect(text).toContain("For the site: this load's Defra records");
    // (at the shop's public address, PUBLIC_URL; a link a printed line, so perhaps twice)
    expect(
      new Set(printed.links.flat().filter((link) => link.endsWith(`/handoff/${token}`))).size,
    ).toBe(1);

    // The site opens it with no sign-in: the load and its record in words, no household.
    const opened = await fetch(`${server.url}/handoff/${token}`);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("cache-control")).toContain("no-store");
    const shown = (await opened.text()).replaceAll("<!-- -->", "");
    expect(shown).toContain(`Load ${reference} from`);
    expect(shown).toContain("Its record is ready for Defra&#x27;s Receipt API.");
    expect(shown).toContain("20 03 07");
    const records = await fetch(`${server.url}/handoff/${token}/movements.json`);
    const body = await records.text();
    for (const privateWord of [
      "Handoff Household",
      "handoff@example.com",
      JOB_PHONE,
      "9 Elm Road",
      "GU21 4AA",
    ])
      for (const said of [shown, body]) expect(said).not.toContain(privateWord);
    const { movements } = JSON.parse(body) as { movements: { yourUniqueReference: string }[] };
    expect(movements.map((m) => m.yourUniqueReference)).toEqual([
      `WTN-${String(sofa).padStart(6, "0")}`,
    ]);

    // A made-up address finds nothing; a load past its 30 days says so.
    expect((await fetch(`${server.url}/handoff/${"x".repeat(32)}`)).status).toBe(404);
    await sql(
      "UPDATE tip_runs SET arrived_at = ? WHERE id = ?",
      new Date(Date.now() - 31 * 86_400_000).toISOString(),
      runId,
    );
    const late = await fetch(`${server.url}/handoff/${token}`);
    expect(late.status).toBe(410);
    expect(await late.text()).toContain("were open for 30 days after it arrived");
  });

  it("keeps a photo of the weighbridge ticket, replaces it, and shows it to staff only", async () => {
    const siteId = await site();
    const saved = await post("/dashboard/tip-runs", LOAD(siteId, [await desks("Ticket", 1)]));
    const location = saved.headers.get("location")!;
    const runId = Number(location.split("/").pop());
    const send = async (file: Blob, name: string) => {
      const form = new FormData();
      form.append("ticket_photo", file, name);
      return fetch(`${server.url}${location}`, {
        method: "POST",
        body: form,
        redirect: "manual",
        headers: { cookie: staff.cookie, origin: server.url },
      });
    };
    const imageOf = async () =>
      (
        await sql<{ ticket_image_id: string | null }>(
          "SELECT ticket_image_id FROM tip_runs WHERE id = ?",
          runId,
        )
      )[0]!.ticket_image_id;

    // Not a photo: refused with why, nothing kept.
    const refused = await send(new Blob(["not a picture"], { type: "image/jpeg" }), "ticket.jpg");
    expect(refused.status).toBe(400);
    expect((await refused.text()).replaceAll("<!-- -->", "")).toContain("JPEG, PNG or WebP");
    expect(await imageOf()).toBeNull();

    // A phone's photo of a ticket is megabytes: streamed to the route, not refused at the door.
    const big = await sharp(crypto.randomBytes(1600 * 1200 * 3), {
      raw: { width: 1600, height: 1200, channels: 3 },
    })
      .jpeg({ quality: 90 })
      .toBuffer();
    expect(big.byteLength).toBeGreaterThan(1024 * 1024);
    const first = await send(new Blob([new Uint8Array(big)], { type: "image/jpeg" }), "ticket.jpg");
    expect(first.status).toBe(303);
    const firstImage = await imageOf();
    expect(firstImage).toMatch(/^[0-9a-f]{64}$/);
    const { html } = await followRedirect(server, first, staff.cookie);
    expect(html).toContain("The ticket&#x27;s photo is kept with the load.");
    expect(html).toContain(`src="/dashboard/tip-runs/${runId}/ticket.jpg?w=320"`);
    const photo = await fetch(`${server.url}${location}/ticket.jpg`, {
      headers: { cookie: staff.cookie },
    });
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/jpeg");
    expect(
      (await fetch(`${server.url}${location}/ticket.jpg`, { redirect: "manual" })).status,
    ).not.toBe(200);

    // A second photo replaces the first, which nothing else uses: gone.
    await send(
      new Blob([new Uint8Array(await phonePhoto("#30405a"))], { type: "image/jpeg" }),
      "again.jpg",
    );
    expect(await imageOf()).not.toBe(firstImage);
    expect(await sql("SELECT id FROM images WHERE id = ?", firstImage)).toEqual([]);
    // Stored as we encode photos: the phone's location is not kept.
    const replaced = await fetch(`${server.url}${location}/ticket.jpg`, {
      headers: { cookie: staff.cookie },
    });
    expect(Buffer.from(await replaced.arrayBuffer()).includes("GPS")).toBe(false);
  });

  it("lists a job whose record is not ready, with what is missing, and leaves it out of the export", async () => {
    const siteId = await site();
    const unweighed = await desks("Tip Unweighed", 2, false);
    expect((await post("/dashboard/tip-runs", LOAD(siteId, [unweighed]))).status).toBe(303);
    const today = todayInLondon();
    const listed = await page(`/dashboard/transfers?from=${today}&to=${today}`);
    const reference = `WTN-${String(unweighed).padStart(6, "0")}`;
    expect(listed).toContain(
      `${reference} is not exported until it has a weight for each item (on the crew&#x27;s completion, or the product&#x27;s weight of one).`,
    );
    expect(listed).toContain("For Defra (JSON)");
    const exported = await (
      await fetch(`${server.url}/dashboard/transfers/export.dwt.json?from=${today}&to=${today}`, {
        headers: { cookie: staff.cookie },
      })
    ).text();
    expect(exported).not.toContain(reference);
  });

  it("saves a job's load once when two people record it at the same moment", async () => {
    const siteId = await site();
    const job = await desks("Tip Race", 1);
    const both = await Promise.all(
      [0, 1].map(() => post("/dashboard/tip-runs", LOAD(siteId, [job]))),
    );
    expect(both.map((r) => r.status).sort()).toEqual([303, 400]);
    const [{ n }] = (await sql<{ n: number }>(
      "SELECT COUNT(*) AS n FROM tip_run_jobs WHERE completion_id = ?",
      job,
    )) as [{ n: number }];
    expect(Number(n)).toBe(1);
  });

  it("refuses what the ticket cannot say, beside each field, and keeps what was typed", async () => {
    const siteId = await site();
    const job = await desks("Tip Refused", 1);
    const refused = await post("/dashboard/tip-runs", {
      ...LOAD(siteId, []),
      vehicle_registration: "VAN",
      gross_kg: "2000",
      tare_kg: "2100",
      gate_fee: "lots",
    });
    expect(refused.status).toBe(400);
    const html = (await refused.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("Enter the van&#x27;s registration, like AB12 CDE");
    expect(html).toContain("The gross weight must be more than the tare (the van empty)");
    expect(html).toContain("Enter the gate fee in pounds, like 85 or 85.50 (0 if there was none)");
    expect(html).toContain("Tick the jobs whose waste was on this load");
    expect(html).toMatch(/name="ticket_number"[^>]*value="T-4471"/);
    expect(
      await sql("SELECT completion_id FROM tip_run_jobs WHERE completion_id = ?", job),
    ).toEqual([]);
  });
});
