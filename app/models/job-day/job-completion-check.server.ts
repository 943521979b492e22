import {
  CONTAINMENTS,
  EXTRA_CATALOGUE_ROWS,
  EXTRA_FREE_ROWS,
  JOB_FIELDS,
} from "~/lib/job-completion";
import { fromLondonDateTimeLocal, todayInLondon } from "~/lib/london-clock.server";
import { isHazardousCode, normaliseLowCode, type WasteClass, type WasteLine } from "~/lib/waste";
import type { JobContext } from "./job-context.server";
import { normaliseVehicleRegistration } from "~/lib/tip-run";
import { gramsOfKilograms } from "~/lib/waste-facts";
import {
  extraCharges,
  extrasPaymentOf,
  type ExtraCharge,
  type ExtrasInput,
  type ExtrasPayment,
} from "~/lib/job-extras";
import { parsePounds } from "~/lib/money";
import { isPosition } from "~/lib/positions";

/**
 * The check of what the crew typed into the "Complete job" form: the waste
 * they took, who handed it over, when, how it was contained, and any payment
 * taken, turned into the facts a completion records.
 */

/** One line of the waste actually collected. */
export interface CollectedLine extends WasteLine {
  source: "booked" | "catalogue" | "free";
  productId: number | null;
  /** the whole line's estimated weight, grams (the weight of one × how many); 0 when unknown */
  weightGrams: number;
}

export interface CompletionFacts {
  lines: CollectedLine[];
  /** what was added on the day, priced (extraCharges, app/lib/job-extras.ts) */
  extras: ExtraCharge[];
  /** how the extras are paid (app/lib/job-extras.ts) */
  extrasPayment: ExtrasPayment;
  handedOverBy: string;
  /** the van's registration ("AB12 CDE"), or null when the crew left it empty */
  vehicleRegistration: string | null;
  /** ISO instant */
  transferredAt: string;
  containment: string;
  paymentCollected: boolean;
}

export type CompletionCheck =
  | { ok: true; facts: CompletionFacts }
  | { ok: false; message: string; errors: Record<string, string> };

export const COMPLETION_MESSAGES = {
  quantity: "Please enter a whole number from 0 to 99",
  code: "Please enter the List of Wastes code, such as 20 03 07 (a * marks hazardous waste)",
  freeName: "Please say what the item was",
  freeNameTooLong: "Please describe the item in under 120 characters",
  product: "Please choose an item from the list",
  nothing: "Please list what you took away: at least one item",
  handedOverBy: "Please type the name of the person who handed the waste over",
  handedOverByTooLong: "Please keep the name under 120 characters",
  transferredAt: "Please give the date and time of the transfer",
  future: "The time of transfer cannot be in the future",
  tooEarly: "The time of transfer cannot be more than a day before the collection date",
  containment: "Please choose how the waste was contained",
  position: "Please choose where the item was",
  price: "Please enter the price in pounds, such as 20 or 12.50 (empty: not charged)",
  weight: "Please enter the weight of one in kilograms, such as 35 or 2.5 (empty: not known)",
  vehicle: "Please enter the van's registration, such as AB12 CDE (or leave it empty)",
  failed: "Please check the highlighted fields",
} as const;

const CONTROL = /\p{Cc}/u;

/** A weight of one as the crew typed it (kg): grams; empty is `fallback`; null when not a weight. */
function weightOf(typed: string | undefined, fallback: number): number | null {
  const text = (typed ?? "").trim();
  return text === "" ? fallback : gramsOfKilograms(text);
}
type Mutable<T> = T extends readonly (infer E)[] ? E[] : never;

/** The most one added item of the crew's own may cost: £10,000. */
const MAX_EXTRA_PENCE = 1_000_000;

/** The class of waste the crew named and coded themselves: no POPs, hazardous by its code. */
function typedWasteClass(description: string, code: string): WasteClass {
  return {
    wasteDescription: description,
    lowCode: code,
    pops: false,
    hazardous: isHazardousCode(code),
  };
}

function quantityOf(text: string | undefined): number | null {
  const value = (text ?? "").trim();
  if (value === "") return 0;
  return /^\d{1,2}$/.test(value) ? Number(value) : null;
}

/**
 * THE rule for what the crew record (docs/rules.md#job-completion):
 *
 * - Each booked line keeps its quantity unless changed (a field not sent
 *   keeps it too); 0 or empty leaves it off the note. A line with no known waste class needs its code typed.
 * - Extra catalogue lines take the item's waste class; free lines need a name
 *   and a code (a code ending in * is hazardous). Quantities are 0–99.
 * - At least one line is collected.
 * - Who handed it over is a typed name (1–120 characters).
 * - The transfer time is UK time, not in the future (5 minutes' grace for
 *   a slow tablet clock) and not earlier than the day before the collection day.
 * - Containment is one of CONTAINMENTS.
 * - Payment collected counts only where it can be taken (cash or bank transfer, unpaid).
 */
export function checkCompletion(
  fields: Record<string, string>,
  context: Pick<JobContext, "booked" | "catalogue" | "canCollectPayment" | "collectionDate">,
  now = new Date(),
): CompletionCheck {
  const errors: Record<string, string> = {};
  const lines: CollectedLine[] = [];
  const priced = {
    booked: [] as Mutable<ExtrasInput["booked"]>,
    catalogue: [] as Mutable<ExtrasInput["catalogue"]>,
    free: [] as Mutable<ExtrasInput["free"]>,
  };

  for (const line of context.booked) {
    const field = JOB_FIELDS.bookedQuantity(line.itemId);
    // Not sent at all: as booked. Sent empty: not taken.
    const quantity = field in fields ? quantityOf(fields[field]) : line.quantity;
    if (quantity === null) {
      errors[field] = COMPLETION_MESSAGES.quantity;
      continue;
    }
    if (quantity === 0) continue;
    let waste = line.waste;
    if (!waste) {
      const codeField = JOB_FIELDS.bookedCode(line.itemId);
      const code = normaliseLowCode(fields[codeField] ?? "");
      if (!code) {
        errors[codeField] = COMPLETION_MESSAGES.code;
        continue;
      }
      waste = typedWasteClass(line.name, code);
    }
    const weightField = JOB_FIELDS.bookedWeight(line.itemId);
    const each = weightOf(fields[weightField], line.weightGrams);
    if (each === null) {
      errors[weightField] = COMPLETION_MESSAGES.weight;
      continue;
    }
    lines.push({
      source: "booked",
      productId: line.productId,
      name: line.name,
      ...waste,
      quantity,
      weightGrams: each * quantity,
    });
    priced.booked.push({
      name: line.name,
      position: line.position,
      bookedQuantity: line.quantity,
      takenQuantity: quantity,
      unitPricePence: line.unitPricePence,
    });
  }

  for (let row = 0; row < EXTRA_CATALOGUE_ROWS; row++) {
    const productText = (fields[JOB_FIELDS.extraProduct(row)] ?? "").trim();
    const quantityField = JOB_FIELDS.extraQuantity(row);
    const quantity = quantityOf(fields[quantityField]);
    if (productText === "") continue;
    const product = context.catalogue.find((p) => String(p.id) === productText);
    if (!product) {
      errors[JOB_FIELDS.extraProduct(row)] = COMPLETION_MESSAGES.product;
      continue;
    }
    if (quantity === null || quantity === 0) {
      errors[quantityField] = COMPLETION_MESSAGES.quantity.replace("0 to", "1 to");
      continue;
    }
    // Where it was sets its price; "outside" when the form did not say (an older page).
    const position = fields[JOB_FIELDS.extraPosition(row)] || "outside";
    if (!isPosition(position)) {
      errors[JOB_FIELDS.extraPosition(row)] = COMPLETION_MESSAGES.position;
      continue;
    }
    priced.catalogue.push({
      name: product.name,
      position,
      quantity,
      unitPricePence: product.prices[position],
    });
    lines.push({
      source: "catalogue",
      productId: product.id,
      name: product.name,
      ...product.waste,
      quantity,
      weightGrams: product.weightGrams * quantity,
    });
  }

  for (let row = 0; row < EXTRA_FREE_ROWS; row++) {
    const nameField = JOB_FIELDS.freeName(row);
    const codeField = JOB_FIELDS.freeCode(row);
    const quantityField = JOB_FIELDS.freeQuantity(row);
    const name = (fields[nameField] ?? "").trim();
    const codeText = (fields[codeField] ?? "").trim();
    const quantityText = (fields[quantityField] ?? "").trim();
    if (!name && !codeText && (quantityText === "" || quantityText === "1")) continue;
    if (!name) errors[nameField] = COMPLETION_MESSAGES.freeName;
    else if (name.length > 120 || CONTROL.test(name))
      errors[nameField] = COMPLETION_MESSAGES.freeNameTooLong;
    const code = normaliseLowCode(codeText);
    if (!code) errors[codeField] = COMPLETION_MESSAGES.code;
    const quantity = quantityOf(quantityText === "" ? "1" : quantityText);
    if (quantity === null || quantity === 0)
      errors[quantityField] = COMPLETION_MESSAGES.quantity.replace("0 to", "1 to");
    const priceField = JOB_FIELDS.freePrice(row);
    const priceText = (fields[priceField] ?? "").trim();
    const price = priceText === "" ? 0 : parsePounds(priceText);
    if (price === null || price > MAX_EXTRA_PENCE) errors[priceField] = COMPLETION_MESSAGES.price;
    const weightField = JOB_FIELDS.freeWeight(row);
    const each = weightOf(fields[weightField], 0);
    if (each === null) errors[weightField] = COMPLETION_MESSAGES.weight;
    if (
      errors[nameField] ||
      errors[codeField] ||
      errors[quantityField] ||
      errors[priceField] ||
      each === null ||
      !code ||
      !quantity ||
      price === null
    )
      continue;
    priced.free.push({ name, quantity, unitPricePence: price });
    lines.push({
      source: "free",
      productId: null,
      name,
      ...typedWasteClass(name, code),
      quantity,
      weightGrams: each * quantity,
    });
  }

  if (lines.length === 0 && Object.keys(errors).length === 0)
    errors[JOB_FIELDS.bookedQuantity(context.booked[0]?.itemId ?? 0)] = COMPLETION_MESSAGES.nothing;

  const handedOverBy = (fields[JOB_FIELDS.handedOverBy] ?? "").trim().replace(/\s+/g, " ");
  if (!handedOverBy) errors[JOB_FIELDS.handedOverBy] = COMPLETION_MESSAGES.handedOverBy;
  else if (handedOverBy.length > 120 || CONTROL.test(handedOverBy))
    errors[JOB_FIELDS.handedOverBy] = COMPLETION_MESSAGES.handedOverByTooLong;

  const transferred = fromLondonDateTimeLocal(fields[JOB_FIELDS.transferredAt] ?? "");
  if (!transferred) errors[JOB_FIELDS.transferredAt] = COMPLETION_MESSAGES.transferredAt;
  else if (transferred.getTime() > now.getTime() + 5 * 60_000)
    errors[JOB_FIELDS.transferredAt] = COMPLETION_MESSAGES.future;
  else if (todayInLondon(new Date(transferred.getTime() + 86_400_000)) < context.collectionDate)
    errors[JOB_FIELDS.transferredAt] = COMPLETION_MESSAGES.tooEarly;

  const vehicleText = (fields[JOB_FIELDS.vehicle] ?? "").trim();
  const vehicle = vehicleText === "" ? null : normaliseVehicleRegistration(vehicleText);
  if (vehicleText !== "" && vehicle === null)
    errors[JOB_FIELDS.vehicle] = COMPLETION_MESSAGES.vehicle;

  const containment = (fields[JOB_FIELDS.containment] ?? "").trim();
  if (!(CONTAINMENTS as readonly string[]).includes(containment))
    errors[JOB_FIELDS.containment] = COMPLETION_MESSAGES.containment;

  const messages = Object.values(errors);
  if (messages.length > 0)
    return {
      ok: false,
      message: messages.length === 1 ? messages[0]! : COMPLETION_MESSAGES.failed,
      errors,
    };
  return {
    ok: true,
    facts: {
      lines,
      handedOverBy,
      vehicleRegistration: vehicle,
      transferredAt: transferred!.toISOString(),
      containment,
      extras: extraCharges(priced),
      extrasPayment: extrasPaymentOf(fields[JOB_FIELDS.extrasPayment]),
      paymentCollected:
        context.canCollectPayment &&
        /^(on|yes|1|true)$/i.test(fields[JOB_FIELDS.paymentCollected] ?? ""),
    },
  };
}
