import { paymentWayOf } from "~/lib/domain";
import { sql } from "kysely";
import { windowDescription, type WindowChoice } from "~/lib/capacity";
import { needsConsignmentNote } from "~/lib/waste";
import { jobPaymentLine, mapsHref, telHref, type PaymentLine } from "~/lib/run-sheet";
import { isBooking } from "../bookings/booking.server";
import { fleetOnDay } from "../bookings/fleet.server";
import { crewJobLines, crewJobsQuery } from "./crew-jobs.server";

/** One job on the crew's run sheet (docs/rules.md#the-run-sheet). */
export interface RunSheetJob {
  orderId: number;
  fullName: string;
  address: string;
  mapsHref: string;
  phoneNumber: string;
  telHref: string;
  /** a booking for a business: its name and SIC 2007 code (null for a household) */
  business: { name: string; sicCode: string | null } | null;
  /** "2 × Sofa (Outside — left out for collection)" */
  items: string[];
  /** the customer's own words: the order's notes for the crew, else its quote request's comments */
  notes: string | null;
  /** hazardous waste from a business: the crew need a consignment note before the job */
  consignmentNote: boolean;
  payment: PaymentLine;
  done: boolean;
  window: WindowChoice;
  /** "Morning, 7:00 to 12:00" (that day's windows) */
  windowText: string;
}

/** Morning, afternoon, evening, then any time, in SQL. */
const WINDOW_ORDER = sql`CASE orders.arrival_window WHEN 'morning' THEN 0 WHEN 'afternoon' THEN 1 WHEN 'evening' THEN 2 ELSE 3 END`;

/**
 * A day's jobs for the crew, in collection order: every booking the calendar
 * counts for the day (isBooking: paid orders and staff bookings, never an
 * unpaid card checkout): the jobs to do by arrival window (morning, afternoon,
 * evening, then any time), then the completed ones (the same way). There is no
 * route order yet, so within a window by order id.
 */
export async function runSheet(day: string): Promise<RunSheetJob[]> {
  const orders = await crewJobsQuery()
    .select(["orders.booking_status", "orders.business_name", "orders.sic_code"])
    .where("orders.collection_date", "=", day)
    .where(isBooking)
    .orderBy(sql`orders.booking_status = 'complete'`)
    .orderBy(WINDOW_ORDER)
    .orderBy("orders.id")
    .execute();
  if (orders.length === 0) return [];
  const { windows } = await fleetOnDay(day);
  const linesOf = await crewJobLines(orders.map((o) => o.id));
  return orders.map((o) => {
    const address = `${o.address_1}, ${o.town}, ${o.postcode}`;
    const notes = o.notes?.trim() || o.comments?.trim();
    const business = o.business_name ? { name: o.business_name, sicCode: o.sic_code } : null;
    return {
      orderId: o.id,
      fullName: o.full_name,
      address,
      mapsHref: mapsHref(address),
      phoneNumber: o.phone_number,
      telHref: telHref(o.phone_number),
      business,
      items: linesOf.get(o.id)?.items ?? [],
      notes: notes ? notes : null,
      consignmentNote: needsConsignmentNote({
        business: business !== null,
        hazardous: linesOf.get(o.id)?.hazardous ?? false,
      }),
      payment: jobPaymentLine(paymentWayOf(o), o.status, o.total_pence),
      done: o.booking_status === "complete",
      window: o.arrival_window,
      windowText: windowDescription(o.arrival_window, windows),
    };
  });
}
