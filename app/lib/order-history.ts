import { isWindowChoice, windowName } from "./capacity";
import { paymentMethodLabel } from "./domain";
import { formatShortDate } from "./format";

/**
 * A row of an order's history as staff read it on the order page: what changed, in words, with
 * its values as the rest of the dashboard shows them (never a column name, a status key or an
 * ISO date). Rows that are already a sentence (made, cancelled, refunded) are shown as written.
 */

interface Described {
  /** what staff call the field */
  name: string;
  /** a stored value in words */
  value: (stored: string) => string;
}

const isoDay = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatShortDate(value) : value;

const FIELDS: Record<string, Described> = {
  status: { name: "payment", value: (v) => ({ pending: "not paid", complete: "paid" })[v] ?? v },
  booking_status: { name: "job", value: (v) => ({ pending: "booked", complete: "done" })[v] ?? v },
  collection_date: { name: "collection date", value: isoDay },
  // The staff edit names the collection date so.
  date: { name: "collection date", value: isoDay },
  arrival_window: {
    name: "arrival window",
    value: (v) => (isWindowChoice(v) ? windowName(v) : v),
  },
  payment_method: { name: "payment method", value: paymentMethodLabel },
  total_pence: { name: "total", value: (v) => `£${(Number(v) / 100).toFixed(2)}` },
};

export function historyText(event: {
  field: string;
  old_value: string | null;
  new_value: string | null;
}): string {
  if (event.field === "capacity_override")
    return `booked over capacity${event.old_value ? ` (${event.old_value})` : ""}: ${event.new_value ?? ""}`;
  if (event.field === "created" || event.old_value === null) return event.new_value ?? "";
  const described = FIELDS[event.field] ?? {
    name: event.field.replaceAll("_", " "),
    value: isoDay,
  };
  const shown = (value: string | null) => (value === null ? "none" : described.value(value));
  return `${described.name} ${shown(event.old_value)} → ${shown(event.new_value)}`;
}
