import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysIso } from "~/lib/calendar";
import { todayInLondon } from "~/lib/london-clock.server";
import { rows } from "../support/database";
import { startFakePostcodes } from "../support/fake-postcodes";
import { startFakeSms } from "../support/fake-sms";
import { createBooking } from "../support/make";
import { startServer, type RunningServer } from "../support/server";
import { eventually, startSmtp } from "../support/smtp";
import { followRedirect, postAsStaff, signInStaff, type SignedIn } from "../support/staff";

/**
 * "On my way" (issue 34; docs/rules.md#on-my-way): one tap on the run sheet emails the customer
 * with the time the crew expect to arrive (from the run's road order), texts them through the
 * owner's SMS provider (a fake at the network edge), and their booking page says so; once a job,
 * even when two phones tap at once; never for a job of another day. On both engines.
 */

let server: RunningServer;
let staff: SignedIn;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let sms: Awaited<ReturnType<typeof startFakeSms>>;
let postcodes: Awaited<ReturnType<typeof startFakePostcodes>>;
const TODAY = todayInLondon();

beforeAll(async () => {
  smtp = await startSmtp();
  sms = await startFakeSms("sms-secret");
  // The yard (N1 7GR) and a job 5 km east of it, in straight lines.
  postcodes = await startFakePostcodes({
    "N1 7GR": { lat: 51.5362, lng: -0.0931 },
    "E3 2AA": { lat: 51.5362, lng: -0.0208 },
  });
  server = await startServer({
    env: {
      NODE_ENV: "test",
      SMTP_URL: smtp.url,
      SMS_URL: sms.url,
      SMS_TOKEN: "sms-secret",
      POSTCODES_URL: postcodes.url,
    },
  });
  staff = await signInStaff(server, { via: "api" });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await Promise.all([smtp?.close(), sms?.close(), postcodes?.close()]);
});

async function job(name: string, date = TODAY): Promise<number> {
  const made = await createBooking(server, staff, {
    full_name: name,
    email: `${name.split(" ")[0]!.toLowerCase()}@example.com`,
    phone_number: "07700 900123",
    address_1: "7 Roman Road",
    postcode: "E3 2AA",
    date,
    payment_method: "cash_payment",
    order_price: 80,
  });
  expect(made.response.status).toBe(201);
  return made.orderId!;
}

const onMyWay = (orderId: number) =>
  postAsStaff(server, staff, "/dashboard/today", { intent: "on-my-way", order: String(orderId) });

describe("on my way", () => {
  it("emails and texts the customer with the time to expect, and their page says so", async () => {
    const orderId = await job("Ada Ridley");
    const before = await (
      await fetch(`${server.url}/dashboard/today`, { headers: { cookie: staff.cookie } })
    ).text();
    expect(before).toContain('value="on-my-way"');

    const said = await onMyWay(orderId);
    expect(said.status).toBe(303);
    const landed = await followRedirect(server, said, staff.cookie);
    // 5 km in a straight line: 7 km of road at 30 km/h is 14 minutes, said as 15.
    expect(landed.html).toContain(
      "Ada Ridley was told you are on your way (about 15 minutes), by email and text message.",
    );
    expect(landed.html).toMatch(/On the way since \d\d:\d\d (GMT|BST)/);

    const mail = await eventually(() =>
      smtp.messages.find((m) => m.subject === `Your crew is on the way (ref HB${orderId})`),
    );
    expect(mail.to).toEqual(["ada@example.com"]);
    expect(mail.text).toMatch(
      /Our crew is on the way to 7 Roman Road and expect to be with you in about 15 minutes, around \d\d:\d\d (GMT|BST)\./,
    );
    expect(sms.messages).toContainEqual({
      to: "+447700900123",
      message: expect.stringMatching(
        new RegExp(
          `our crew is on the way, arriving around \\d\\d:\\d\\d (GMT|BST)\\. Ref HB${orderId}\\.$`,
        ),
      ),
    });

    const [stored] = await rows<{ on_my_way_at: string; arriving_by: string }>(
      server,
      "SELECT on_my_way_at, arriving_by FROM orders WHERE id = ?",
      orderId,
    );
    expect(Date.parse(stored!.arriving_by) - Date.parse(stored!.on_my_way_at)).toBe(15 * 60_000);

    const [{ manage_token: token }] = (await rows<{ manage_token: string }>(
      server,
      "SELECT manage_token FROM orders WHERE id = ?",
      orderId,
    )) as [{ manage_token: string }];
    const page = (await (await fetch(`${server.url}/booking/${token}`)).text()).replaceAll(
      "<!-- -->",
      "",
    );
    expect(page).toMatch(/Our crew is on the way: expected around \d\d:\d\d (GMT|BST)/);
  });

  it("tells a customer once, even when two phones tap at the same moment", async () => {
    const orderId = await job("Bea Hollis");
    const sentBefore = sms.messages.length;
    const both = await Promise.all([onMyWay(orderId), onMyWay(orderId)]);
    expect(both.map((r) => r.status).sort()).toEqual([303, 409]);
    const again = await onMyWay(orderId);
    expect(again.status).toBe(409);
    expect(await again.text()).toMatch(
      /The customer was told at \d\d:\d\d (GMT|BST): nothing more was sent\./,
    );
    await eventually(() =>
      smtp.messages.find((m) => m.subject === `Your crew is on the way (ref HB${orderId})`),
    );
    expect(
      smtp.messages.filter((m) => m.subject === `Your crew is on the way (ref HB${orderId})`),
    ).toHaveLength(1);
    expect(sms.messages.length - sentBefore).toBe(1);
  });

  it("refuses a job of another day; with the provider down the email still goes, and the order says the text did not", async () => {
    const tomorrow = await job("Cal Lomax", addDaysIso(TODAY, 1));
    const refused = await onMyWay(tomorrow);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(
      "Only a job booked for today can be told the crew are on their way.",
    );

    const orderId = await job("Dot Pryce");
    sms.setDown(true);
    try {
      const said = await onMyWay(orderId);
      const landed = await followRedirect(server, said, staff.cookie);
      // Next door to the jobs before it on the run: the least said, 10 minutes.
      expect(landed.html).toContain(
        "Dot Pryce was told you are on your way (about 10 minutes), by email.",
      );
    } finally {
      sms.setDown(false);
    }
    const order = (
      await (
        await fetch(`${server.url}/dashboard/orders/${orderId}`, {
          headers: { cookie: staff.cookie },
        })
      ).text()
    ).replaceAll("<!-- -->", "");
    expect(order).toContain(
      "The text message to say the crew are on their way was not sent: the provider did not take it",
    );
  });
});
