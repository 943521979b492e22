import { sql } from "kysely";
import { addDaysIso } from "~/lib/calendar";
import { formatLongDate } from "~/lib/format";
import { londonDayStart } from "~/lib/london-clock.server";
import { daysBetween, summariseTakings, type MoneyEvent, type Takings } from "~/lib/takings";
import { toCsv } from "~/lib/csv";
import { db } from "~/services/db.server";
import { isUnfinishedCheckout } from "../bookings/booking.server";
import { vatStatus } from "../shop/settings.server";

/**
 * The money the shop took over a period of London days (docs/rules.md#takings): the events are
 * read here from where each payment and refund is recorded (an order's payment and refund, a date
 * change's fee), and summed by summariseTakings (app/lib/takings.ts).
 */

/**
 * The London day of a timestamp in [from, to]: found among the days' starts (ISO text sorts as
 * time), so a week of thousands of rows costs no time-zone sums.
 */
function londonDays(from: string, to: string) {
  const starts = daysBetween(from, to).map((day) => ({
    day,
    start: londonDayStart(day).toISOString(),
  }));
  return (timestamp: string) => {
    let found = starts[0]!.day;
    for (const { day, start } of starts) {
      if (start > timestamp) break;
      found = day;
    }
    return found;
  };
}

export async function takingsFor(from: string, to: string): Promise<Takings> {
  const start = londonDayStart(from).toISOString();
  const end = londonDayStart(addDaysIso(to, 1)).toISOString();
  const dayOf = londonDays(from, to);
  const [paid, cancelled, fees, feeRefunds, bookings, quotes, extras, cardExtras, vat] =
    await Promise.all([
      // Orders paid in the period: a card payment at the gateway, cash or a transfer staff took.
      db()
        .selectFrom("orders")
        .select(["payment_method", "total_pence", "paid_at"])
        .where("status", "=", "complete")
        .where("paid_at", ">=", start)
        .where("paid_at", "<", end)
        .execute(),
      // Orders cancelled in the period: what went back, and what was kept.
      db()
        .selectFrom("orders")
        .select(["status", "total_pence", "refund_pence", "cancelled_at"])
        .where("cancelled_at", ">=", start)
        .where("cancelled_at", "<", end)
        .execute(),
      // Date change fees paid in the period (one whose new day filled was refunded at once).
      db()
        .selectFrom("booking_changes")
        .select(["fee_pence", "status", "finished_at"])
        .where("fee_pence", ">", 0)
        .where("status", "in", ["applied", "refunded"])
        .where("finished_at", ">=", start)
        .where("finished_at", "<", end)
        .execute(),
      // Date change fees sent back with a cancellation in the period.
      db()
        .selectFrom("booking_changes")
        .innerJoin("orders", "orders.id", "booking_changes.order_id")
        .select(["booking_changes.fee_pence", "orders.cancelled_at"])
        .where("booking_changes.status", "=", "applied")
        .where("booking_changes.refund_reference", "is not", null)
        .where("orders.cancelled_at", ">=", start)
        .where("orders.cancelled_at", "<", end)
        .execute(),
      db()
        .selectFrom("orders")
        .select(["created_at", "total_pence", "cancelled_at"])
        .where(sql<boolean>`NOT ${isUnfinishedCheckout}`)
        .where("payment_refused", "is", null)
        .where("created_at", ">=", start)
        .where("created_at", "<", end)
        .execute(),
      // Quotes first priced in the period, and whether each is booked now.
      db()
        .selectFrom("quote_offers")
        .innerJoin("quotes", "quotes.id", "quote_offers.quote_id")
        .select(["quote_offers.created_at", "quotes.state"])
        .where("quote_offers.version", "=", 1)
        .where("quote_offers.created_at", ">=", start)
        .where("quote_offers.created_at", "<", end)
        .execute(),
      // Items added on the day and paid in cash on the spot.
      db()
        .selectFrom("job_completions")
        .select(["extras_pence", "completed_at"])
        .where("extras_taken", "=", "cash_payment")
        .where("completed_at", ">=", start)
        .where("completed_at", "<", end)
        .execute(),
      // Items added on the day and paid by card from the booking's page.
      db()
        .selectFrom("job_completions")
        .select(["extras_pence", "extras_paid_at"])
        .where("extras_paid_at", ">=", start)
        .where("extras_paid_at", "<", end)
        .execute(),
      vatStatus(),
    ]);
  const events: MoneyEvent[] = [
    ...paid.map((o): MoneyEvent => ({
      day: dayOf(o.paid_at!),
      kind: "received",
      method: o.payment_method,
      what: "booking",
      pence: o.total_pence,
    })),
    ...cancelled.flatMap((o): MoneyEvent[] => {
      const day = dayOf(o.cancelled_at!);
      const paidPence = o.status === "complete" ? o.total_pence : 0;
      const refund = Math.min(o.refund_pence ?? 0, paidPence);
      return [
        ...(refund > 0 ? [{ day, kind: "refunded" as const, pence: refund }] : []),
        ...(paidPence - refund > 0
          ? [{ day, kind: "fee_kept" as const, pence: paidPence - refund }]
          : []),
      ];
    }),
    ...fees.flatMap((f): MoneyEvent[] => {
      const day = dayOf(f.finished_at!);
      return [
        { day, kind: "received", method: "card", what: "move_fee", pence: f.fee_pence },
        ...(f.status === "refunded"
          ? [{ day, kind: "refunded" as const, pence: f.fee_pence }]
          : []),
      ];
    }),
    ...extras.map((e): MoneyEvent => ({
      day: dayOf(e.completed_at),
      kind: "received",
      method: "cash_payment",
      what: "booking",
      pence: e.extras_pence,
    })),
    ...cardExtras.map((e): MoneyEvent => ({
      day: dayOf(e.extras_paid_at!),
      kind: "received",
      method: "card",
      what: "booking",
      pence: e.extras_pence,
    })),
    ...feeRefunds.map((f): MoneyEvent => ({
      day: dayOf(f.cancelled_at!),
      kind: "refunded",
      pence: f.fee_pence,
    })),
  ];
  return summariseTakings({
    from,
    to,
    events,
    bookings: bookings.map((b) => ({
      day: dayOf(b.created_at),
      pence: b.total_pence,
      cancelled: b.cancelled_at !== null,
    })),
    quotes: quotes.map((q) => ({ day: dayOf(q.created_at), booked: q.state === "booked" })),
    vat,
  });
}

/** The period as a CSV, a row a day and a row of totals (pounds, as a spreadsheet reads them). */
export function takingsCsv(report: Takings): string {
  const pounds = (pence: number) => (pence / 100).toFixed(2);
  return toCsv([
    ["Day", "Received", "Refunded", "Net"],
    ...[
      ...report.days.map((d) => [
        formatLongDate(d.day),
        pounds(d.receivedPence),
        pounds(d.refundedPence),
        pounds(d.receivedPence - d.refundedPence),
      ]),
      [
        "Total",
        pounds(report.received.total),
        pounds(report.refundedPence),
        pounds(report.netPence),
      ],
      [],
      ["Card", pounds(report.received.card)],
      ["Cash", pounds(report.received.cash_payment)],
      ["Bank transfer", pounds(report.received.bank_transfer)],
      ["Of which date change fees", pounds(report.received.moveFees)],
      ["Cancellation fees kept", pounds(report.cancellationFeesPence)],
      ...(report.vatPence === null
        ? []
        : [[`VAT contained (${report.vatRatePercent}%)`, pounds(report.vatPence)]]),
      ["Bookings made", String(report.bookings.count)],
      ["Quotes priced", String(report.quotes.priced)],
      ["Of which booked", String(report.quotes.booked)],
    ],
  ]);
}
