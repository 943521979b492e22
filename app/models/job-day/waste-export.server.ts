import { differenceInCalendarDays } from "date-fns/differenceInCalendarDays";
import { parseISO } from "date-fns/parseISO";
import { addDaysIso, isIsoDay } from "~/lib/calendar";
import { londonDayStart } from "~/lib/london-clock.server";
import { wasteTransferRecord, type WasteTransferRecord } from "~/lib/waste-export";
import { db } from "~/services/db.server";

/** The longest range one export covers, counting both ends (a leap year). */
export const MAX_RANGE_DAYS = 366;

export const RANGE_MESSAGES = {
  from: "Please enter the first day as a date, such as 2026-11-01",
  to: "Please enter the last day as a date, such as 2026-11-30",
  order: "The first day must be on or before the last day",
  tooLong: `Please choose at most ${MAX_RANGE_DAYS} days`,
} as const;

export type RangeCheck =
  { ok: true; from: string; to: string } | { ok: false; field: "from" | "to"; message: string };

/**
 * THE rule for a range of waste transfers (docs/rules.md#waste-transfers-export):
 * both ends are real days (YYYY-MM-DD, UK days), from ≤ to, and the range holds
 * at most 366 days counting both ends. The page shows the message inline, the
 * exports answer it with 400.
 */
export function checkTransferRange(range: { from: unknown; to: unknown }): RangeCheck {
  const from = typeof range.from === "string" ? range.from.trim() : "";
  const to = typeof range.to === "string" ? range.to.trim() : "";
  if (!isIsoDay(from)) return { ok: false, field: "from", message: RANGE_MESSAGES.from };
  if (!isIsoDay(to)) return { ok: false, field: "to", message: RANGE_MESSAGES.to };
  const days = differenceInCalendarDays(parseISO(to), parseISO(from)) + 1;
  if (days < 1) return { ok: false, field: "to", message: RANGE_MESSAGES.order };
  if (days > MAX_RANGE_DAYS) return { ok: false, field: "to", message: RANGE_MESSAGES.tooLong };
  return { ok: true, from, to };
}

/**
 * Every waste line of the completions whose transfer falls on the UK days
 * `from`…`to`, one record each, ordered by the moment of transfer, then by
 * note, then by the line's place on the note. `transferred_at` is an ISO
 * instant: the query reads a day either side through its index and the exact
 * UK-day bounds are applied to the parsed instants, so the text's exact form
 * (milliseconds, `Z` or an offset) never moves a transfer to the wrong day.
 */
export async function wasteTransfers(range: {
  from: string;
  to: string;
}): Promise<WasteTransferRecord[]> {
  const start = londonDayStart(range.from).getTime();
  const end = londonDayStart(addDaysIso(range.to, 1)).getTime();
  const rows = await db()
    .selectFrom("job_completions as c")
    .innerJoin("job_waste_lines as l", "l.completion_id", "c.id")
    .select([
      "c.id as completionId",
      "c.order_id as orderId",
      "c.receipt_number as receiptNumber",
      "c.transferred_at as transferredAt",
      "c.handed_over_by as handedOverBy",
      "c.crew_name as crewName",
      "c.containment",
      "c.customer_name as customerName",
      "c.customer_email as customerEmail",
      "c.customer_phone as customerPhone",
      "c.address_1 as address1",
      "c.town",
      "c.postcode",
      "c.business_name as businessName",
      "c.sic_code as sicCode",
      "c.carrier_name as carrierName",
      "c.carrier_address as carrierAddress",
      "c.carrier_registration as carrierRegistration",
      "l.sort_order as sortOrder",
      "l.name",
      "l.waste_description as wasteDescription",
      "l.low_code as lowCode",
      "l.pops",
      "l.hazardous",
      "l.quantity",
    ])
    .where("c.transferred_at", ">=", addDaysIso(range.from, -1))
    .where("c.transferred_at", "<", addDaysIso(range.to, 2))
    .orderBy("c.transferred_at")
    .orderBy("c.id")
    .orderBy("l.sort_order")
    .execute();
  return rows
    .map((row) => ({ row, at: Date.parse(row.transferredAt) }))
    .filter(({ at }) => at >= start && at < end)
    .sort(
      (a, b) =>
        a.at - b.at || a.row.completionId - b.row.completionId || a.row.sortOrder - b.row.sortOrder,
    )
    .map(({ row }) =>
      wasteTransferRecord({ ...row, pops: Boolean(row.pops), hazardous: Boolean(row.hazardous) }),
    );
}
