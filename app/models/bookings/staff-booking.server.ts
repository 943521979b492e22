import { z } from "zod";
import type { Transaction } from "kysely";
import type { WindowChoice } from "~/lib/capacity";
import type { BusinessField } from "~/lib/business";
import { ORDER_CONTACT_NAMES } from "~/lib/contact-details";
import { fieldErrors } from "~/lib/forms";
import { todayInLondon } from "~/lib/london-clock.server";
import { MANUAL_BOOKING_FAILED } from "~/lib/messages";
import { parsePounds } from "~/lib/money";
import type { DB } from "~/services/db.server";
import { paymentGateway } from "~/services/payments.server";
import { getProductsByIds } from "../catalogue/product.server";
import { checkCollectionDate } from "../checkout/availability.server";
import { checkBusinessDetails, checkCrewNotes } from "../checkout/business-details.server";
import { orderItemOf, placeOrder } from "../checkout/place-order.server";
import { contactDetailsSchema } from "../messages/contact-details.server";
import { enqueueEmail } from "../messages/outbox.server";
import { deliverNow } from "../messages/outbox-worker.server";
import {
  closeQuotePayments,
  QUOTE_ALREADY_BOOKED,
  quoteAlreadyBooked,
} from "../payments/quote-payments.server";
import { markQuoteBooked } from "../quotes/quote-booked.server";
import { checkPriceLines } from "../quotes/quote-price.server";
import { checkTypedPostcode } from "../shop/service-area.server";
import { vatStatus } from "../shop/settings.server";
import { bookingReceipt } from "./manage-link.server";
import { staffBookingEmail } from "./staff-booking-emails.server";
import { askedWindow, overReason, WINDOW_CHOICE_ERROR } from "./staff-capacity.server";

/**
 * Bookings staff make by hand (docs/rules.md#manual-bookings): a phone booking with its lines,
 * paid in cash, by bank transfer or by card from an emailed link, or a quote booked for its
 * customer. Their edits live in booking-edit.server.ts; the day rules in booking.server.ts.
 */

/** The most a booking made by hand may cost: £100,000. */
const MAX_MANUAL_PENCE = 10_000_000;

/** The manual booking form (docs/rules.md#manual-bookings), with its field names. */
export const manualBookingSchema = contactDetailsSchema(ORDER_CONTACT_NAMES, "staff").extend({
  date: z.string().trim(),
  // Pence, from plain decimal pounds (parsePounds); an /api client's JSON number is read the same way.
  order_price: z.unknown().transform((value, ctx) => {
    const pence = parsePounds(value);
    if (pence !== null && pence <= MAX_MANUAL_PENCE) return pence;
    const negative = typeof value === "string" && value.startsWith("-");
    const message =
      pence !== null
        ? "Please check the price"
        : negative && parsePounds(value.slice(1)) !== null
          ? "The price cannot be negative"
          : "Please enter the price in pounds, such as 85 or 85.50";
    ctx.issues.push({ code: "custom", message, input: value });
    return z.NEVER;
  }),
  payment_method: z.enum(["cash_payment", "bank_transfer", "card_link"], {
    error: "Please choose cash, bank transfer or a card payment link",
  }),
});
/** Its fields, with the optional business details and notes for the crew (app/lib/business.ts), the window and a reason to book over capacity. */
export type ManualBookingField =
  | keyof z.infer<typeof manualBookingSchema>
  | BusinessField
  | "notes"
  | "arrival_window"
  | "over_reason"
  /** the line tables as a whole (no lines, a total too high); each cell has its own name too */
  | "lines"
  | `${"c" | "f"}${number}_${string}`;

export type ManualBookingResult =
  | { ok: true; orderId: number; fullDayWarning: boolean; window: WindowChoice }
  | { ok: false; message: string; errors: Partial<Record<ManualBookingField, string>> };

/** How the booking is priced: by its lines (the dashboard's form), or as a whole (the /api's order_price). */
export type ManualPricing = "lines" | "order_price";

export const NO_LINES_MESSAGE =
  "Add what we collect: an item from the catalogue or a line of your own, with its load and minutes.";
const CARD_LINK_UNAVAILABLE =
  "Card payments are not set up on this site: choose cash or bank transfer";

/** A form's or a JSON body's values as the line tables read them: strings, numbers as typed. */
const asText = (values: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(values).flatMap(([key, value]) =>
      typeof value === "string" || typeof value === "number" ? [[key, String(value)]] : [],
    ),
  );

/**
 * Staff create a booking by hand, in the window asked for or the first that fits. Its lines
 * (catalogue items priced as the shop prices them, and the staff's own with their load) take
 * their share of the day by THE capacity rule, as a web booking's do; a closed day is refused, a
 * day (or window) past capacity only with a reason, kept in the order's history. The customer is
 * emailed the confirmation with their manage link and the calendar file, saying how to pay: cash
 * or a bank transfer as agreed, or by card from the link (the booking awaits payment till then).
 */
export async function createManualBooking(
  values: Record<string, unknown>,
  actor: string,
  options: { pricing: ManualPricing; quoteId?: number },
): Promise<ManualBookingResult> {
  const { quoteId } = options;
  const byLines = options.pricing === "lines";
  const input = {
    ...values,
    date: typeof values.date === "string" && values.date ? values.date : todayInLondon(),
    order_price:
      byLines || values.order_price === "" || values.order_price === undefined
        ? "0"
        : values.order_price,
  };
  const parsed = manualBookingSchema.safeParse(input);
  const errors = parsed.success ? {} : fieldErrors<ManualBookingField>(parsed.error);
  const priced = byLines ? await checkPriceLines(asText(values)) : { lines: [], errors: {} };
  Object.assign(errors, priced.errors);
  const lineTotal = priced.lines.reduce((sum, l) => sum + l.unitPricePence * l.quantity, 0);
  if (byLines && Object.keys(priced.errors).length === 0) {
    if (priced.lines.length === 0) errors.lines = NO_LINES_MESSAGE;
    else if (lineTotal > MAX_MANUAL_PENCE)
      errors.lines = "Please check the prices: the total is too high";
  }
  if (parsed.success && parsed.data.payment_method === "card_link" && !paymentGateway())
    errors.payment_method = CARD_LINK_UNAVAILABLE;
  const business = checkBusinessDetails(values, "staff");
  if (!business.ok) Object.assign(errors, business.errors);
  const notes = checkCrewNotes(values.notes);
  if (!notes.ok) errors.notes = notes.error;
  const asked = askedWindow(values.arrival_window);
  if (asked === undefined) errors.arrival_window = WINDOW_CHOICE_ERROR;
  const reason = overReason(values.over_reason);
  if (!reason.ok) errors.over_reason = reason.error;
  const dateCheck = await checkCollectionDate(input.date, "staff");
  if (!dateCheck.ok) errors.date = dateCheck.message;
  const area = await checkTypedPostcode(values.postcode, "staff");
  if (!area.ok) errors.postcode = area.message;
  if (
    !parsed.success ||
    !area.ok ||
    !business.ok ||
    !notes.ok ||
    !dateCheck.ok ||
    asked === undefined ||
    !reason.ok ||
    Object.keys(errors).length > 0
  )
    return { ok: false, message: MANUAL_BOOKING_FAILED, errors };

  const b = parsed.data;
  const products = await getProductsByIds(
    priced.lines.flatMap((line) => (line.productId ? [line.productId] : [])),
  );
  // Read before the transaction: inside it, only `trx` may touch the database.
  const vat = await vatStatus();
  let confirmationId: number | undefined;
  const placed = await placeOrder({
    date: b.date,
    now: new Date(),
    // Two bookings for the same day (or the same quote) wait for each other.
    locks: quoteId ? [`quote:${quoteId}`] : [],
    claim: { by: "staff", window: asked, overReason: reason.reason },
    contact: b,
    business: business.business,
    items: priced.lines.map((line) =>
      orderItemOf(line, line.productId ? products.get(line.productId) : undefined, line),
    ),
    totalPence: byLines ? lineTotal : b.order_price,
    columns: {
      notes: notes.notes,
      // Paid by card from a link: a card payment, and a booking from the start (0023).
      payment_method: b.payment_method === "card_link" ? "card" : b.payment_method,
      payment_link_at: b.payment_method === "card_link" ? new Date().toISOString() : null,
      source: quoteId ? "quote" : "manual",
      quote_id: quoteId ?? null,
    },
    history: { created: quoteId ? `booking from quote Q${quoteId}` : "manual booking", actor },
    refuseAfter: async (trx) =>
      quoteId && (await quoteAlreadyBooked(trx, quoteId))
        ? { field: "date" as const, message: QUOTE_ALREADY_BOOKED }
        : null,
    alsoWrite: async (trx, orderId) => {
      // A booking made from a quote answers it, and books its open price if it has one.
      if (quoteId) await answerQuote(trx, quoteId, orderId);
      const order = await trx
        .selectFrom("orders")
        .selectAll()
        .where("id", "=", orderId)
        .executeTakeFirstOrThrow();
      confirmationId = await enqueueEmail(
        trx,
        staffBookingEmail(await bookingReceipt(order, vat, trx), b.payment_method),
      );
    },
  });
  if (placed.outcome !== "placed")
    return {
      ok: false,
      message: MANUAL_BOOKING_FAILED,
      errors: { ...errors, [placed.refusal.field]: placed.refusal.message },
    };
  if (quoteId) await closeQuotePayments(quoteId);
  if (confirmationId !== undefined) await deliverNow([confirmationId]);
  return {
    ok: true,
    orderId: placed.order.id,
    fullDayWarning: placed.overCapacity,
    window: placed.window,
  };
}

/** A booking staff made from a quote: the quote is booked, with its open price if it has one. */
async function answerQuote(trx: Transaction<DB>, quoteId: number, orderId: number) {
  const open = await trx
    .selectFrom("quote_offers")
    .select("id")
    .where("quote_id", "=", quoteId)
    .where("status", "=", "sent")
    .executeTakeFirst();
  if (open)
    await trx
      .updateTable("orders")
      .set({ quote_offer_id: open.id })
      .where("id", "=", orderId)
      .execute();
  await markQuoteBooked(
    trx,
    { quote_id: quoteId, quote_offer_id: open?.id ?? null },
    new Date().toISOString(),
  );
}
