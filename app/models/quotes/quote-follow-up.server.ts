import { addDaysIso } from "~/lib/calendar";
import { formatLongDate, formatPence } from "~/lib/format";
import { londonDayStart, todayInLondon } from "~/lib/london-clock.server";
import { config } from "~/services/config.server";
import { db } from "~/services/db.server";
import { lockKeys } from "~/services/dialect.server";
import { customerEmail } from "../messages/email-layout.server";
import { enqueueEmail, type OutgoingEmail } from "../messages/outbox.server";
import { deliverNow } from "../messages/outbox-worker.server";
import { businessProfile } from "../shop/business-profile.server";
import { getSetting } from "../shop/settings.server";
import { offerReference } from "./quote-offer.server";

/**
 * Priced quotes nobody has answered (docs/rules.md#the-inbox): the inbox lists a price still
 * open after the days the owner set (setting `quote_follow_up_days`), and one about to expire,
 * each with a one-click reminder to its customer. A price is listed again only when it is about
 * to expire and was last reminded before that: at most two reminders a price.
 */

/** Days after its price before a quote is followed up, when the owner has not said. */
export const DEFAULT_FOLLOW_UP_DAYS = 3;
export const MAX_FOLLOW_UP_DAYS = 30;
/** A price "about to expire": its last day is within this many days. */
export const EXPIRING_DAYS = 2;

export async function quoteFollowUpDays(): Promise<number> {
  const days = Number(await getSetting("quote_follow_up_days"));
  return Number.isSafeInteger(days) && days >= 1 && days <= MAX_FOLLOW_UP_DAYS
    ? days
    : DEFAULT_FOLLOW_UP_DAYS;
}

export interface QuoteToFollowUp {
  offerId: number;
  quoteId: number;
  reference: string;
  fullName: string;
  email: string;
  phone: string;
  totalPence: number;
  sentAt: string;
  validUntil: string;
  /** why it is listed */
  reason: "no answer" | "expiring";
  nudgedAt: string | null;
}

/** Open prices to follow up, the soonest to expire first. */
export async function quotesToFollowUp(now = new Date()): Promise<QuoteToFollowUp[]> {
  const today = todayInLondon(now);
  const days = await quoteFollowUpDays();
  const sentBefore = londonDayStart(addDaysIso(today, 1 - days)).toISOString();
  const expiringBy = addDaysIso(today, EXPIRING_DAYS);
  const rows = await db()
    .selectFrom("quote_offers as o")
    .innerJoin("quotes as q", "q.id", "o.quote_id")
    .select([
      "o.id",
      "o.quote_id",
      "o.version",
      "o.total_pence",
      "o.created_at",
      "o.valid_until",
      "o.nudged_at",
      "q.full_name",
      "q.email",
      "q.phone_number",
    ])
    .where("o.status", "=", "sent")
    .where("q.state", "=", "priced")
    .where("o.valid_until", ">=", today)
    .where((eb) =>
      eb.or([
        // Not answered after the days set, and not reminded yet.
        eb.and([eb("o.created_at", "<", sentBefore), eb("o.nudged_at", "is", null)]),
        // About to expire, and not reminded since it came close.
        eb.and([
          eb("o.valid_until", "<=", expiringBy),
          eb.or([
            eb("o.nudged_at", "is", null),
            eb("o.nudged_at", "<", londonDayStart(addDaysIso(today, -EXPIRING_DAYS)).toISOString()),
          ]),
        ]),
      ]),
    )
    .orderBy("o.valid_until")
    .orderBy("o.id")
    .limit(200)
    .execute();
  return rows.map((r) => ({
    offerId: r.id,
    quoteId: r.quote_id,
    reference: offerReference(r.quote_id, r.version),
    fullName: r.full_name,
    email: r.email,
    phone: r.phone_number,
    totalPence: r.total_pence,
    sentAt: r.created_at,
    validUntil: r.valid_until,
    reason: r.valid_until <= expiringBy ? "expiring" : "no answer",
    nudgedAt: r.nudged_at,
  }));
}

/** The customer's reminder of a price they have not answered. */
export function quoteReminderEmail(offer: {
  reference: string;
  fullName: string;
  email: string;
  totalPence: number;
  validUntil: string;
  link: string;
}): OutgoingEmail {
  const business = businessProfile();
  return customerEmail({
    kind: "quote_reminder",
    to: offer.email,
    subject: `Your quote ${offer.reference} from ${business.name} holds until ${formatLongDate(offer.validUntil)}`,
    name: offer.fullName,
    body: [
      `A reminder of our price for your collection: ${formatPence(offer.totalPence)} (reference ${offer.reference}).`,
      `It holds until ${formatLongDate(offer.validUntil)}. To book, choose your collection date and pay by card here:`,
      offer.link,
      "",
      "Not for you, or want something changed? Decline it from the same page and tell us why, or",
      `call us on ${business.phone} with your reference ${offer.reference}.`,
    ],
  });
}

export type NudgeResult = { ok: true; email: string } | { ok: false; message: string };

/**
 * Sends the reminder of an open price, once: a second press (or a second member of staff) finds
 * it reminded already. The price must still be open and bookable.
 */
export async function nudgeQuote(offerId: number, now = new Date()): Promise<NudgeResult> {
  if (!Number.isSafeInteger(offerId) || offerId < 1)
    return { ok: false, message: "That quote is no longer open." };
  const today = todayInLondon(now);
  const sent = await db()
    .transaction()
    .execute(async (trx) => {
      const quote = await trx
        .selectFrom("quote_offers")
        .select("quote_id")
        .where("id", "=", offerId)
        .executeTakeFirst();
      if (!quote) return null;
      await lockKeys(trx, [`quote:${quote.quote_id}`]);
      const offer = await trx
        .selectFrom("quote_offers as o")
        .innerJoin("quotes as q", "q.id", "o.quote_id")
        .select([
          "o.quote_id",
          "o.version",
          "o.token",
          "o.total_pence",
          "o.valid_until",
          "o.nudged_at",
          "q.full_name",
          "q.email",
        ])
        .where("o.id", "=", offerId)
        .where("o.status", "=", "sent")
        .where("q.state", "=", "priced")
        .where("o.valid_until", ">=", today)
        .executeTakeFirst();
      // Reminded in the last day: this is a second press.
      if (!offer || (offer.nudged_at && now.getTime() - Date.parse(offer.nudged_at) < 86_400_000))
        return null;
      const id = await enqueueEmail(
        trx,
        quoteReminderEmail({
          reference: offerReference(offer.quote_id, offer.version),
          fullName: offer.full_name,
          email: offer.email,
          totalPence: offer.total_pence,
          validUntil: offer.valid_until,
          link: `${config().publicUrl}/quote/${offer.token}`,
        }),
      );
      await trx
        .updateTable("quote_offers")
        .set({ nudged_at: now.toISOString() })
        .where("id", "=", offerId)
        .execute();
      return { id, email: offer.email };
    });
  if (!sent)
    return { ok: false, message: "That quote was reminded already, or is no longer open." };
  await deliverNow([sent.id]);
  return { ok: true, email: sent.email };
}
