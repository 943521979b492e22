import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../support/database";
import { startServer, type RunningServer } from "../support/server";
import { signInStaff } from "../support/staff";

/**
 * Tip sites (issue 33; docs/rules.md#tip-sites): the office adds the receiving sites the vans use,
 * each with a permit or exemption number in one of Defra's UK formats, changes one and stops
 * using one, with plain forms; on both engines.
 */

let server: RunningServer;
let staff: string;

beforeAll(async () => {
  server = await startServer({ env: { NODE_ENV: "test" } });
  staff = (await signInStaff(server)).cookie;
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const post = (fields: Record<string, string>, cookie = staff) =>
  fetch(`${server.url}/dashboard/tip-sites`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, origin: server.url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });

const page = async (path = "/dashboard/tip-sites") =>
  (await (await fetch(`${server.url}${path}`, { headers: { cookie: staff } })).text()).replaceAll(
    "<!-- -->",
    "",
  );

const SLYFIELD = {
  name: "Slyfield Recycling Centre",
  address: "Moorfield Road, Slyfield Industrial Estate, Guildford",
  postcode: "gu11rx",
  authorisation_number: "epr/ab1234cd",
};

describe("tip sites", () => {
  it("adds a site as the regulator writes it, changes it, and stops using it", async () => {
    const added = await post(SLYFIELD);
    expect(added.status).toBe(303);
    const [site] = await rows<Record<string, unknown>>(
      server,
      "SELECT id, name, postcode, authorisation_number, retired_at FROM receiving_sites WHERE name = ?",
      SLYFIELD.name,
    );
    expect(site).toMatchObject({
      postcode: "GU1 1RX",
      authorisation_number: "EPR/AB1234CD",
      retired_at: null,
    });
    const listed = await page();
    expect(listed).toContain("Slyfield Recycling Centre");
    expect(listed).toContain("Permit or exemption: <strong>EPR/AB1234CD</strong>");

    // Its form, filled; a change is checked by the same rule.
    const editing = await page(`/dashboard/tip-sites?edit=${site!.id}`);
    expect(editing).toContain("Change Slyfield Recycling Centre");
    expect(editing).toMatch(/name="authorisation_number"[^>]*value="EPR\/AB1234CD"/);
    const refused = await post({
      ...SLYFIELD,
      id: String(site!.id),
      authorisation_number: "PERMIT 7",
    });
    expect(refused.status).toBe(400);
    const html = (await refused.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("Enter its permit or exemption number as the regulator writes it");
    expect(html).toMatch(/id="field-authorisation_number"[^>]*aria-invalid="true"/);
    expect(html).toMatch(/name="name"[^>]*value="Slyfield Recycling Centre"/);
    const changed = await post({
      ...SLYFIELD,
      id: String(site!.id),
      authorisation_number: "WML/L/1234567",
    });
    expect(changed.status).toBe(303);
    expect(await page()).toContain("WML/L/1234567");

    // No longer used: off the list, kept in the table.
    expect((await post({ intent: "retire", id: String(site!.id) })).status).toBe(303);
    expect(await page()).not.toContain("Slyfield Recycling Centre");
    const [kept] = await rows<{ retired: number }>(
      server,
      "SELECT CASE WHEN retired_at IS NULL THEN 0 ELSE 1 END AS retired FROM receiving_sites WHERE id = ?",
      site!.id,
    );
    expect(Number(kept!.retired)).toBe(1);
    expect((await post({ intent: "retire", id: String(site!.id) })).status).toBe(404);
    expect((await post({ ...SLYFIELD, id: String(site!.id) })).status).toBe(404);
  });

  it("is for staff only", async () => {
    const res = await fetch(`${server.url}/dashboard/tip-sites`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect((await post(SLYFIELD, "")).status).toBe(302);
  });
});
