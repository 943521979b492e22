import type { FieldErrors } from "~/lib/forms";
import { formatPence } from "~/lib/format";
import { parsePounds } from "~/lib/money";
import { todayInLondon } from "~/lib/london-clock.server";
import { addDaysIso } from "~/lib/calendar";
import { isPosition, unitPricePence } from "~/lib/positions";
import { MAX_QUOTE_LINES, priceFormRows, START_ROWS } from "~/lib/quote-price-form";
import { getProductsByIds, listAllProducts } from "../catalogue/product.server";
import { parseHandlingMinutes, parseLoadYards } from "../catalogue/product-form.server";
import {
  CONTROL,
  currentOffer,
  MAX_VALID_DAYS,
  offerLines,
  quoteValidDays,
  type PricedLine,
} from "./quote-offer.server";
import { vatIncluded } from "~/lib/vat";
import { vatRatePercent } from "../shop/settings.server";

/**
 * The staff's price form for a quote (docs/decisions/019-priced-quotes.md): checking and pricing
 * its lines, its values to revise a price, and the catalogue it offers.
 */

const MAX_LINE_PENCE = 1_000_000;
const MAX_TOTAL_PENCE = 5_000_000;
const MAX_NOTE = 2000;
const MAX_DESCRIPTION = 200;
const CONTROL_IN_LINE = /\p{Cc}/u;

export interface QuotePrice {
  lines: PricedLine[];
  totalPence: number;
  vatPence: number;
  vatRatePercent: number;
  validDays: number;
  /** the last day the offer can be booked (Europe/London) */
  validUntil: string;
  note: string;
}

export type PriceCheck =
  { ok: true; price: QuotePrice } | { ok: false; message: string; errors: FieldErrors };

const PRICE_FAILED = "Please check the lines marked below.";

/**
 * A free line's load and crew minutes are checked as a product's are (product-form.server.ts),
 * in the price form's words where the product form's name another field.
 */
const FREE_LOAD_MESSAGES: Record<string, string> = {
  "Please enter the load in cubic yards": "Enter the load in cubic yards, such as 0.5 or 2",
};
const FREE_MINUTES_MESSAGES: Record<string, string> = {
  "Please enter the handling minutes": "Enter the crew minutes, such as 20",
  "Please enter the handling minutes as a whole number, such as 15":
    "Enter the crew minutes as a whole number, such as 20",
  "Handling minutes must be between 1 and 600": "Crew minutes must be between 1 and 600",
};

function quantityOf(text: string | undefined): number | null {
  const trimmed = (text ?? "").trim();
  if (trimmed === "") return 1;
  const n = Number(trimmed);
  return Number.isSafeInteger(n) && n >= 1 && n <= 99 ? n : null;
}

/**
 * Checks the line tables of a price form (field names: c<i>_product,
 * c<i>_position, c<i>_quantity for catalogue rows; f<i>_description,
 * f<i>_price, f<i>_quantity, f<i>_load (cubic yards), f<i>_minutes (crew
 * minutes) for free rows) and prices them: catalogue lines as the shop prices
 * them today, with their product's load; free lines as typed, with the load
 * staff give them (required: the calendar needs it). Blank rows are left out.
 * A quote's price and a booking staff make by hand both read their lines here.
 */
export async function checkPriceLines(
  values: Record<string, string>,
): Promise<{ lines: PricedLine[]; errors: FieldErrors }> {
  const rows = priceFormRows(values);
  const errors: FieldErrors = {};
  const lines: PricedLine[] = [];

  const productIds: number[] = [];
  for (let i = 0; i < rows.catalogue; i++) {
    const id = Number(values[`c${i}_product`]);
    if (values[`c${i}_product`] && Number.isSafeInteger(id)) productIds.push(id);
  }
  const products = await getProductsByIds(productIds);

  for (let i = 0; i < rows.catalogue; i++) {
    const chosen = values[`c${i}_product`] ?? "";
    if (!chosen) continue;
    const product = products.get(Number(chosen));
    const position = values[`c${i}_position`];
    const quantity = quantityOf(values[`c${i}_quantity`]);
    if (!product) errors[`c${i}_product`] = "That item is no longer in the shop: choose another";
    else if (!isPosition(position)) errors[`c${i}_position`] = "Choose where the item is";
    if (quantity === null) errors[`c${i}_quantity`] = "Enter a quantity from 1 to 99";
    if (product && isPosition(position) && quantity !== null)
      lines.push({
        productId: product.id,
        position,
        description: product.name,
        unitPricePence: unitPricePence(product, position),
        quantity,
        loadHundredths: product.loadHundredths,
        handlingMinutes: product.handlingMinutes,
      });
  }

  for (let i = 0; i < rows.free; i++) {
    const description = (values[`f${i}_description`] ?? "").trim();
    const priceText = values[`f${i}_price`] ?? "";
    const loadText = (values[`f${i}_load`] ?? "").trim();
    const minutesText = (values[`f${i}_minutes`] ?? "").trim();
    if (!description && !priceText.trim() && !loadText && !minutesText) continue;
    const price = parsePounds(priceText);
    const quantity = quantityOf(values[`f${i}_quantity`]);
    const load = parseLoadYards(loadText);
    const minutes = parseHandlingMinutes(minutesText);
    if (!description) errors[`f${i}_description`] = "Describe the work";
    else if (description.length > MAX_DESCRIPTION)
      errors[`f${i}_description`] = `Keep it under ${MAX_DESCRIPTION} characters`;
    else if (CONTROL_IN_LINE.test(description))
      errors[`f${i}_description`] = "Please retype this: it contains a hidden control character";
    if (price === null) errors[`f${i}_price`] = "Enter a price in pounds, such as 85 or 85.50";
    else if (price > MAX_LINE_PENCE) errors[`f${i}_price`] = "Please check the price";
    if (quantity === null) errors[`f${i}_quantity`] = "Enter a quantity from 1 to 99";
    if (!load.ok) errors[`f${i}_load`] = FREE_LOAD_MESSAGES[load.error] ?? load.error;
    if (!minutes.ok)
      errors[`f${i}_minutes`] = FREE_MINUTES_MESSAGES[minutes.error] ?? minutes.error;
    if (
      !errors[`f${i}_description`] &&
      price !== null &&
      quantity !== null &&
      load.ok &&
      minutes.ok
    )
      lines.push({
        productId: null,
        position: null,
        description,
        unitPricePence: price,
        quantity,
        loadHundredths: load.value,
        handlingMinutes: minutes.value,
      });
  }
  return { lines, errors };
}

/**
 * Checks the price form (its lines, checkPriceLines; valid_days; note) and
 * prices it. The one rule for a quote's price, tested as a table.
 */
export async function checkQuotePrice(
  values: Record<string, string>,
  now = new Date(),
): Promise<PriceCheck> {
  const { lines, errors } = await checkPriceLines(values);

  const daysText = (values.valid_days ?? "").trim();
  const validDays = daysText === "" ? await quoteValidDays() : Number(daysText);
  if (!Number.isSafeInteger(validDays) || validDays < 1 || validDays > MAX_VALID_DAYS)
    errors.valid_days = `Enter a number of days from 1 to ${MAX_VALID_DAYS}`;
  const note = (values.note ?? "").trim();
  if (note.length > MAX_NOTE) errors.note = `Keep the note under ${MAX_NOTE} characters`;
  else if (CONTROL.test(note))
    errors.note = "Please retype the note: it contains a hidden control character";

  if (Object.keys(errors).length > 0) return { ok: false, message: PRICE_FAILED, errors };
  if (lines.length === 0)
    return {
      ok: false,
      message: "Add at least one line: an item from the catalogue or a line of your own.",
      errors: { lines: "Add at least one line" },
    };
  if (lines.length > MAX_QUOTE_LINES)
    return {
      ok: false,
      message: `A quote can have at most ${MAX_QUOTE_LINES} lines.`,
      errors: { lines: "Too many lines" },
    };
  const totalPence = lines.reduce((sum, l) => sum + l.unitPricePence * l.quantity, 0);
  if (totalPence <= 0)
    return {
      ok: false,
      message: "The quote's total must be more than £0.00.",
      errors: { lines: "The total is £0.00" },
    };
  if (totalPence > MAX_TOTAL_PENCE)
    return {
      ok: false,
      message: `A quote's total can be at most ${formatPence(MAX_TOTAL_PENCE)}.`,
      errors: { lines: "The total is too high" },
    };
  const rate = await vatRatePercent();
  return {
    ok: true,
    price: {
      lines,
      totalPence,
      vatPence: vatIncluded(totalPence, rate),
      vatRatePercent: rate,
      validDays,
      validUntil: addDaysIso(todayInLondon(now), validDays),
      note,
    },
  };
}

/** Hundredths of a cubic yard as the price form takes them: "2", "0.5", "1.25". */
const yardsText = (hundredths: number) =>
  (hundredths / 100).toFixed(2).replace(/\.?0+$/, "") || "0";

/** The form's values for a quote's current offer, to revise it (or an empty form). */
export async function priceFormValues(quoteId: number): Promise<Record<string, string>> {
  const offer = await currentOffer(quoteId);
  if (!offer) return { valid_days: String(await quoteValidDays()) };
  const lines = await offerLines(offer.id);
  const catalogue = lines.filter((l) => l.position);
  const free = lines.filter((l) => !l.position);
  const values: Record<string, string> = {
    catalogue_rows: String(Math.max(START_ROWS.catalogue, catalogue.length + 1)),
    free_rows: String(Math.max(START_ROWS.free, free.length + 1)),
    valid_days: String(await quoteValidDays()),
    note: offer.note,
  };
  catalogue.forEach((l, i) => {
    values[`c${i}_product`] = l.product_id ? String(l.product_id) : "";
    values[`c${i}_position`] = l.position ?? "";
    values[`c${i}_quantity`] = String(l.quantity);
  });
  free.forEach((l, i) => {
    values[`f${i}_description`] = l.description;
    values[`f${i}_price`] = (l.unit_price_pence / 100).toFixed(2);
    values[`f${i}_quantity`] = String(l.quantity);
    values[`f${i}_load`] = l.load_hundredths === null ? "" : yardsText(l.load_hundredths);
    values[`f${i}_minutes`] = l.handling_minutes === null ? "" : String(l.handling_minutes);
  });
  return values;
}

/** Catalogue items staff may put on a quote: every product on sale, by name. */
export async function quoteCatalogue() {
  const products = await listAllProducts();
  return products.map((p) => ({
    id: p.id,
    name: p.name,
    prices: {
      inside_dismantle: unitPricePence(p, "inside_dismantle"),
      inside_no_dismantle: unitPricePence(p, "inside_no_dismantle"),
      outside: unitPricePence(p, "outside"),
    },
  }));
}
