import { ukPhoneDigits } from "~/lib/contact-details";
import { formatTimeWithZone } from "~/lib/format";
import { todayInLondon } from "~/lib/london-clock.server";
import { bookingReference } from "~/lib/references";
import { arrivalMinutes } from "~/lib/route-order";
import { config } from "~/services/config.server";
import { db } from "~/services/db.server";
import { internationalUkNumber, sendSms } from "~/services/sms.server";
import { isBooking } from "../bookings/booking.server";
import { manageLink } from "../bookings/manage-link.server";
import { recordOrderEvent } from "../checkout/order-history.server";
import { customerEmail } from "../messages/email-layout.server";
import { enqueueEmail } from "../messages/outbox.server";
import { deliverNow } from "../messages/outbox-worker.server";
import { businessProfile } from "../shop/business-profile.server";
import { runSheet } from "./run-sheet.server";

/**
 * "On my way" (docs/rules.md#on-my-way): one tap by the crew on the run sheet tells the customer
 * they have set off — an email with the time they expect to arrive (from the run's road order:
 * arrivalMinutes), a text message too when the owner has an SMS provider — and the customer's
 * booking page shows it. Once a job, on its collection day, before it is done: a second tap (two
 * crew phones at once included) sends nothing more.
 */

export const ON_MY_WAY_MESSAGES = {
  notToday: "Only a job booked for today can be told the crew are on their way.",
  done: "This job is done already.",
  already: (at: string) => `The customer was told at ${at}: nothing more was sent.`,
  sent: (name: string, minutes: number | null, texted: boolean) =>
    `${name} was told you are on your way${minutes === null ? "" : ` (about ${minutes} minutes)`}, by email${texted ? " and text message" : ""}.`,
} as const;

export type OnMyWayResult = { ok: true; message: string } | { ok: false; message: string };

/** Tells the customer of a job the crew are on their way; see the file's comment. */
export async function sayOnMyWay(
  orderId: number,
  actor: string,
  now = new Date(),
): Promise<OnMyWayResult> {
  const today = todayInLondon(now);
  const order = await db()
    .selectFrom("orders")
    .select([
      "id",
      "full_name",
      "email",
      "phone_number",
      "address_1",
      "collection_date",
      "booking_status",
      "on_my_way_at",
    ])
    .where("id", "=", orderId)
    .where(isBooking)
    .executeTakeFirst();
  if (!order || order.collection_date !== today)
    return { ok: false, message: ON_MY_WAY_MESSAGES.notToday };
  if (order.booking_status === "complete") return { ok: false, message: ON_MY_WAY_MESSAGES.done };
  if (order.on_my_way_at)
    return {
      ok: false,
      message: ON_MY_WAY_MESSAGES.already(formatTimeWithZone(order.on_my_way_at)),
    };

  // The leg to this job in its van's road order today; none when the run is not placed.
  const jobs = (await runSheet(today)).runs.flatMap((run) => run.jobs);
  const minutes = arrivalMinutes(jobs.find((job) => job.orderId === orderId)?.legKm ?? null);
  const arrivingBy = minutes === null ? null : new Date(now.getTime() + minutes * 60_000);
  const business = businessProfile();
  const around = arrivingBy ? formatTimeWithZone(arrivingBy.toISOString()) : null;
  const reference = bookingReference(orderId);

  const emailId = await db()
    .transaction()
    .execute(async (trx) => {
      const claimed = await trx
        .updateTable("orders")
        .set({ on_my_way_at: now.toISOString(), arriving_by: arrivingBy?.toISOString() ?? null })
        .where("id", "=", orderId)
        .where("on_my_way_at", "is", null)
        .executeTakeFirst();
      // Two taps at once: the first claims it, the other sends nothing.
      if (Number(claimed.numUpdatedRows) === 0) return undefined;
      await recordOrderEvent(trx, {
        orderId,
        field: "on_my_way",
        oldValue: null,
        newValue: `Customer emailed: the crew are on their way${around ? `, arriving around ${around}` : ""}`,
        actor,
        at: now.toISOString(),
      });
      return enqueueEmail(
        trx,
        customerEmail({
          kind: "on_my_way",
          to: order.email,
          name: order.full_name,
          subject: `Your crew is on the way (ref ${reference})`,
          body: [
            around && minutes !== null
              ? `Our crew is on the way to ${order.address_1} and expect to be with you in about ${minutes} minutes, around ${around}.`
              : `Our crew is on the way to ${order.address_1} now.`,
            "",
            "Please make sure we can get to what is going: a gate unlocked, a car moved.",
            `Your booking: ${await manageLink(orderId, trx)}`,
            `If you need us, call ${business.phone} and quote ${reference}.`,
          ],
        }),
      );
    });
  if (emailId === undefined)
    return {
      ok: false,
      message: ON_MY_WAY_MESSAGES.already(formatTimeWithZone(now.toISOString())),
    };
  await deliverNow([emailId]);

  const sms = config().sms;
  const digits = ukPhoneDigits(order.phone_number);
  let texted = false;
  if (sms && digits) {
    texted = await sendSms(
      sms,
      internationalUkNumber(digits),
      `${business.name}: our crew is on the way${around ? `, arriving around ${around}` : ""}. Ref ${reference}.`,
    );
    await recordOrderEvent(db(), {
      orderId,
      field: "on_my_way_text",
      oldValue: null,
      newValue: texted
        ? "Customer sent a text message: the crew are on their way"
        : "The text message to say the crew are on their way was not sent: the provider did not take it",
      actor,
      at: new Date().toISOString(),
    });
  }
  return { ok: true, message: ON_MY_WAY_MESSAGES.sent(order.full_name, minutes, texted) };
}
