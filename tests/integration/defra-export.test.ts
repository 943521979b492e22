import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkReceiptMovement } from "~/lib/defra-receipt";
import { londonDateTimeLocal, todayInLondon } from "~/lib/london-clock.server";
import { rows } from "../support/database";
import { startServer, type RunningServer } from "../support/server";
import { completedJob, JOB_PHONE } from "../support/jobs";
import { postAsStaff, signInStaff, type SignedIn } from "../support/staff";

/**
 * The Defra export for a period (issue 33's "done when"): a sofa (POPs) and a fridge (hazardous)
 * from one house, garden waste from another, a mixed clearance from a third, delivered on two tip
 * runs to two sites. Every movement exported passes our schema of Defra's rules as the site would
 * submit it (with its API code), and carries what Defra's approval scenarios that apply to a
 * carrier exercise: several items (R02), by road with the van (R03), no disposal codes (R04), POPs
 * with components (P01), hazardous without a consignment code but with the reason (H03), both
 * together (X01). Nothing of the households' email or phone is in it. On both engines.
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

const form = (path: string, fields: Record<string, string>) =>
  postAsStaff(server, staff, path, fields);

/** A completed job of these demo products, one of each: its completion's id. */
const job = (customer: string, products: string[]) =>
  completedJob(
    server,
    staff,
    customer,
    products.map((product) => ({ product })),
  );

async function site(name: string, permit: string): Promise<string> {
  const added = await form("/dashboard/tip-sites", {
    name,
    address: "Moorfield Road, Slyfield Industrial Estate, Guildford",
    postcode: "GU1 1RX",
    authorisation_number: permit,
  });
  expect(added.status).toBe(303);
  const [row] = await sql<{ id: number }>("SELECT id FROM receiving_sites WHERE name = ?", name);
  return String(row!.id);
}

const load = async (siteId: string, van: string, jobs: number[]) =>
  form("/dashboard/tip-runs", {
    site_id: siteId,
    arrived_at: londonDateTimeLocal(new Date(Date.now() - 20 * 60_000)),
    vehicle_registration: van,
    net_kg: "640",
    gate_fee: "96",
    ...Object.fromEntries(jobs.map((id) => [`job_${id}`, "yes"])),
  });

const wtn = (id: number) => `WTN-${String(id).padStart(6, "0")}`;

describe("the Defra export of a period", () => {
  it("hands over every delivered job as a movement Defra's rules accept", async () => {
    const house = await job("Nadia Khan", ["Three-Seater Sofa", "Fridge Freezer"]);
    const garden = await job("Owen Price", ["Garden Waste Bag"]);
    const clearance = await job("Ruth Ellis", ["Loft Clear-Out"]);
    const slyfield = await site("Slyfield Recycling Centre", "EPR/AB1234CD");
    const eastern = await site("Eastern Transfer Station", "WML123456");
    expect((await load(slyfield, "ab12cde", [house, garden])).status).toBe(303);
    expect((await load(eastern, "cd34efg", [clearance])).status).toBe(303);

    const today = todayInLondon();
    const res = await fetch(
      `${server.url}/dashboard/transfers/export.dwt.json?from=${today}&to=${today}`,
      { headers: { cookie: staff.cookie } },
    );
    expect(res.status).toBe(200);
    const text = await res.text();
    for (const secret of ["nadia@example.com", "owen@example.com", "ruth@example.com", JOB_PHONE])
      expect(text).not.toContain(secret);
    const { movements } = JSON.parse(text) as { movements: Record<string, any>[] };
    const of = (id: number) => movements.find((m) => m.yourUniqueReference === wtn(id))!;
    for (const id of [house, garden, clearance]) {
      // As the site submits it: with its own API code, checked by the strict schema.
      const checked = checkReceiptMovement(
        { ...of(id), apiCode: "6b1f3a52-8d8c-4c5e-9a55-0d1e5f0d7c11" },
        (code) => code === "200123",
      );
      expect(checked.ok ? [] : checked.errors, wtn(id)).toEqual([]);
    }

    // X01, R02, P01, H03: the sofa and the fridge, on one movement.
    const both = of(house);
    expect(both.wasteItems).toHaveLength(2);
    expect(both.wasteItems[0]).toMatchObject({
      ewcCodes: ["200307"],
      containsPops: true,
      pops: {
        sourceOfComponents: "GUIDANCE",
        components: [
          { code: "DECABDE" },
          { code: "HBCD" },
          { code: "PENTABDE" },
          { code: "TETRABDE" },
        ],
      },
      containsHazardous: false,
      weight: { metric: "Kilograms", amount: 35, isEstimate: true },
    });
    expect(both.wasteItems[1]).toMatchObject({
      ewcCodes: ["200123"],
      containsHazardous: true,
      hazardous: { hazCodes: ["HP_14"] },
      containsPops: false,
    });
    expect(both.reasonForNoConsignmentCode).toBe("NO_DOC_WITH_WASTE");
    expect(both.hazardousWasteConsignmentCode).toBeUndefined();

    // R01, R03, R04: garden waste in bags, by road with the van, no disposal codes.
    expect(of(garden)).toMatchObject({
      wasteItems: [{ ewcCodes: ["200201"], typeOfContainers: "BAG", numberOfContainers: 1 }],
      carrier: { meansOfTransport: "Road", vehicleRegistration: "AB12 CDE" },
      receiver: { siteName: "Slyfield Recycling Centre", authorisationNumber: "EPR/AB1234CD" },
    });
    expect(of(garden).wasteItems[0].disposalOrRecoveryCodes).toBeUndefined();
    expect(of(garden).reasonForNoConsignmentCode).toBeUndefined();

    // The second load: the mixed clearance, at the other site, in the other van.
    expect(of(clearance)).toMatchObject({
      wasteItems: [{ ewcCodes: ["200301"], physicalForm: "Mixed", typeOfContainers: "LOO" }],
      carrier: { vehicleRegistration: "CD34 EFG" },
      receiver: { siteName: "Eastern Transfer Station", authorisationNumber: "WML123456" },
      receipt: { address: { postcode: "GU1 1RX" } },
    });
  });

  it("keeps each job's waste facts as they were on the day, whatever the product says later", async () => {
    const garden = await job("Petra Bell", ["Garden Waste Bag"]);
    // The product changes after the job: it would now go loose, as mixed waste.
    await sql(
      "UPDATE products SET container_type = 'LOO', physical_form = 'Mixed' WHERE name = 'Garden Waste Bag'",
    );
    try {
      const slyfield = await site(`Slyfield ${Date.now()}`, "EPR/AB1234CD");
      expect((await load(slyfield, "ab12cde", [garden])).status).toBe(303);
      const today = todayInLondon();
      const { movements } = (await (
        await fetch(`${server.url}/dashboard/transfers/export.dwt.json?from=${today}&to=${today}`, {
          headers: { cookie: staff.cookie },
        })
      ).json()) as { movements: Record<string, any>[] };
      expect(movements.find((m) => m.yourUniqueReference === wtn(garden))).toMatchObject({
        wasteItems: [{ physicalForm: "Solid", typeOfContainers: "BAG", numberOfContainers: 1 }],
      });
    } finally {
      await sql(
        "UPDATE products SET container_type = 'BAG', physical_form = 'Solid' WHERE name = 'Garden Waste Bag'",
      );
    }
  });
});
