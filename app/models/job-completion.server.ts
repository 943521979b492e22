import { ANY_TIME_DISCOUNT_LABEL } from "~/lib/capacity";
import type { Transaction } from "kysely";
import { PAYMENT_METHOD_LABELS, type PaymentMethod, type Position } from "~/lib/domain";
import { formatLongDate, formatPence } from "~/lib/format";
import {
  CONTAINMENTS,
  EXTRA_CATALOGUE_ROWS,
  EXTRA_FREE_ROWS,
  JOB_FIELDS,
  JOB_PHOTOS_PER_KIND,
} from "~/lib/job-completion";
import {
  fromLondonDateTimeLocal,
  londonDateTimeLocal,
  todayInLondon,
} from "~/lib/london-clock.server";
import { POSITION_LABELS } from "~/lib/positions";
import { DEFAULT_VAT_RATE_PERCENT } from "~/lib/vat";
import { isHazardousCode, needsConsignmentNote, normaliseLowCode } from "~/lib/waste";
import { wtnReference } from "~/lib/waste-export";
import type { DocumentBusiness } from "~/documents/quote.server";
import { receiptPdf, receiptReference, type ReceiptInput } from "~/documents/receipt.server";
import {
  wasteTransferNotePdf,
  type WasteTransferNoteInput,
} from "~/documents/waste-transfer-note.server";
import { config } from "~/services/config.server";
import { db } from "~/services/db.server";
import { lockKeys } from "~/services/dialect.server";
import { checkQuotePhoto, encodeQuotePhoto, UnsupportedImageError } from "~/services/images.server";
import type { FileHandler } from "~/services/uploads.server";
import type { DB } from "~/services/schema";
import { findByCustomerLink, newLinkToken } from "./customer-link.server";
import { jobCompletedEmail } from "./emails.server";
import { saveQuotePhoto } from "./image.server";
import { enqueueEmail } from "./outbox.server";
import { deliverNow } from "./outbox-worker.server";
import {
  KeptPhotosGoneError,
  takeKeptPhotos,
  type KeptPhoto,
  type KeptSelection,
  type PendingScope,
} from "./pending-uploads.server";
import {
  checkJobPhotos,
  keepJobPhotos,
  type JobPhotoToRecord,
  type ReceivedJobPhoto,
} from "./job-kept-photos.server";

/**
 * A job's completion (docs/rules.md#job-completion): the crew record what
 * they took, who handed it over and when, with before and after photos; the
 * shop keeps those facts as data, and from them makes the waste transfer note
 * and the receipt, and emails both to the customer with a link to the photos,
 * in the completion's own transaction.
 */

/**
 * The photo form's limits: 15 MB a photo, 8 of each kind, 60 MB in all (a
 * phone photo is 2–5 MB; the server's outer wall for uploads is 64 MB).
 */
export const JOB_UPLOAD_LIMITS = {
  maxFileSize: 15 * 1024 * 1024,
  maxFiles: 2 * JOB_PHOTOS_PER_KIND,
  maxTotalBytes: 60 * 1024 * 1024,
  fileFields: [JOB_FIELDS.beforePhotos, JOB_FIELDS.afterPhotos],
} as const;

/** How long the facts of a transfer are kept (the duty of care asks for two years). */
const KEEP_YEARS = 2;

/** A line the customer booked, as the form shows it. */
export interface BookedLine {
  itemId: number;
  name: string;
  position: Position | null;
  quantity: number;
  unitPricePence: number;
  productId: number | null;
  /** null: no waste class known (a free quote line), so the crew give the code */
  waste: { description: string; lowCode: string; pops: boolean; hazardous: boolean } | null;
}

/** A catalogue item the crew may add. */
export interface CatalogueItem {
  id: number;
  name: string;
  waste: { description: string; lowCode: string; pops: boolean; hazardous: boolean };
}

export interface JobContext {
  orderId: number;
  fullName: string;
  email: string;
  phoneNumber: string;
  address1: string;
  town: string;
  postcode: string;
  collectionDate: string;
  paymentMethod: PaymentMethod;
  paid: boolean;
  paidAt: string | null;
  totalPence: number;
  /** the "any time" discount already off the total (orders.window_discount_pence) */
  windowDiscountPence: number;
  businessName: string | null;
  sicCode: string | null;
  /** a paid order or a staff booking: something the crew go out to */
  isBooking: boolean;
  bookingStatus: "pending" | "complete";
  /** a cash or bank-transfer job not yet paid: the crew may take the money */
  canCollectPayment: boolean;
  booked: BookedLine[];
  catalogue: CatalogueItem[];
  completion: { id: number; completedAt: string } | null;
}

/** Everything the form, the check and the completion need about one order. */
export async function jobContext(
  orderId: number,
  executor: Transaction<DB> | ReturnType<typeof db> = db(),
): Promise<JobContext | undefined> {
  const order = await executor
    .selectFrom("orders")
    .leftJoin("job_completions", "job_completions.order_id", "orders.id")
    .select([
      "orders.id",
      "orders.full_name",
      "orders.email",
      "orders.phone_number",
      "orders.address_1",
      "orders.town",
      "orders.postcode",
      "orders.collection_date",
      "orders.payment_method",
      "orders.status",
      "orders.paid_at",
      "orders.cancelled_at",
      "orders.total_pence",
      "orders.window_discount_pence",
      "orders.business_name",
      "orders.sic_code",
      "orders.booking_status",
      "job_completions.id as completion_id",
      "job_completions.completed_at",
    ])
    .where("orders.id", "=", orderId)
    .executeTakeFirst();
  if (!order) return undefined;
  const items = await executor
    .selectFrom("order_items")
    .leftJoin("products", "products.id", "order_items.product_id")
    .select([
      "order_items.id",
      "order_items.product_id",
      "order_items.product_name",
      "order_items.position",
      "order_items.quantity",
      "order_items.unit_price_pence",
      "order_items.waste_description",
      "order_items.low_code",
      "order_items.pops",
      "order_items.hazardous",
      "products.waste_description as product_waste_description",
      "products.low_code as product_low_code",
      "products.pops as product_pops",
      "products.hazardous as product_hazardous",
    ])
    .where("order_items.order_id", "=", orderId)
    .orderBy("order_items.id")
    .execute();
  const products = await executor
    .selectFrom("products")
    .select(["id", "name", "waste_description", "low_code", "pops", "hazardous"])
    .where("retired_at", "is", null)
    .where("low_code", "<>", "")
    .where("waste_description", "<>", "")
    .orderBy("name")
    .execute();
  const paid = order.status === "complete";
  return {
    orderId: order.id,
    fullName: order.full_name,
    email: order.email,
    phoneNumber: order.phone_number,
    address1: order.address_1,
    town: order.town,
    postcode: order.postcode,
    collectionDate: order.collection_date,
    paymentMethod: order.payment_method,
    paid,
    paidAt: order.paid_at,
    totalPence: order.total_pence,
    windowDiscountPence: order.window_discount_pence,
    businessName: order.business_name,
    sicCode: order.sic_code,
    isBooking: (paid || order.payment_method !== "card") && order.cancelled_at === null,
    bookingStatus: order.booking_status,
    canCollectPayment: !paid && order.payment_method !== "card",
    booked: items.map((item) => {
      // The class written with the order; for an order from before waste classes, the product's.
      const code = item.low_code ?? item.product_low_code ?? "";
      const description = item.waste_description ?? item.product_waste_description ?? "";
      return {
        itemId: item.id,
        name: item.product_name,
        position: item.position,
        quantity: item.quantity,
        unitPricePence: item.unit_price_pence,
        productId: item.product_id,
        waste:
          code && description
            ? {
                description,
                lowCode: code,
                pops: (item.pops ?? item.product_pops) === 1,
                hazardous: (item.hazardous ?? item.product_hazardous) === 1,
              }
            : null,
      };
    }),
    catalogue: products.map((p) => ({
      id: p.id,
      name: p.name,
      waste: {
        description: p.waste_description,
        lowCode: p.low_code,
        pops: p.pops === 1,
        hazardous: p.hazardous === 1,
      },
    })),
    completion:
      order.completion_id != null
        ? { id: order.completion_id, completedAt: order.completed_at ?? "" }
        : null,
  };
}

/** The form's starting values: what was booked, the customer as the one handing over, now. */
export function completionDefaults(context: JobContext, now = new Date()): Record<string, string> {
  const values: Record<string, string> = {
    [JOB_FIELDS.handedOverBy]: context.fullName,
    [JOB_FIELDS.transferredAt]: londonDateTimeLocal(now),
    [JOB_FIELDS.containment]: CONTAINMENTS[0],
  };
  for (const line of context.booked) {
    values[JOB_FIELDS.bookedQuantity(line.itemId)] = String(line.quantity);
    values[JOB_FIELDS.bookedCode(line.itemId)] = line.waste?.lowCode ?? "";
  }
  return values;
}

/** One line of the waste actually collected. */
export interface CollectedLine {
  source: "booked" | "catalogue" | "free";
  productId: number | null;
  name: string;
  wasteDescription: string;
  lowCode: string;
  pops: boolean;
  hazardous: boolean;
  quantity: number;
}

export interface CompletionFacts {
  lines: CollectedLine[];
  handedOverBy: string;
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
  failed: "Please check the highlighted fields",
} as const;

const CONTROL = /\p{Cc}/u;

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
      waste = {
        description: line.name,
        lowCode: code,
        pops: false,
        hazardous: isHazardousCode(code),
      };
    }
    lines.push({
      source: "booked",
      productId: line.productId,
      name: line.name,
      wasteDescription: waste.description,
      lowCode: waste.lowCode,
      pops: waste.pops,
      hazardous: waste.hazardous,
      quantity,
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
    lines.push({
      source: "catalogue",
      productId: product.id,
      name: product.name,
      wasteDescription: product.waste.description,
      lowCode: product.waste.lowCode,
      pops: product.waste.pops,
      hazardous: product.waste.hazardous,
      quantity,
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
    if (errors[nameField] || errors[codeField] || errors[quantityField] || !code || !quantity)
      continue;
    lines.push({
      source: "free",
      productId: null,
      name,
      wasteDescription: name,
      lowCode: code,
      pops: false,
      hazardous: isHazardousCode(code),
      quantity,
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
      transferredAt: transferred!.toISOString(),
      containment,
      paymentCollected:
        context.canCollectPayment &&
        /^(on|yes|1|true)$/i.test(fields[JOB_FIELDS.paymentCollected] ?? ""),
    },
  };
}

/** receiveUpload's file handler for the form: each photo's header is checked as it arrives. */
export const jobPhotoReceiver: FileHandler<ReceivedJobPhoto> = async (file) => {
  const kind = file.fieldName === JOB_FIELDS.beforePhotos ? "before" : "after";
  try {
    return { kind, name: file.name, photo: await checkQuotePhoto(file.bytes, file.name) };
  } catch (error) {
    if (!(error instanceof UnsupportedImageError)) throw error;
    return { kind, name: file.name, error: error.message };
  }
};

export type CompleteResult =
  | { ok: true; completionId: number; receiptNumber: number; emailId: number; emailSent: boolean }
  | {
      ok: false;
      status: 400 | 404 | 409;
      message: string;
      errors: Record<string, string>;
      /** the photos kept for the form's next try (job-kept-photos.server.ts) */
      kept?: KeptPhoto[];
    };

export const ALREADY_COMPLETE =
  "This job is already complete: its documents are on the order page.";
export const NOT_A_BOOKING = "This order has not been paid, so it is not a job to complete.";

/**
 * The crew complete a job from the form: check, re-encode the photos, then one transaction.
 * A refused form keeps its photos for its next try, which sends their ids in `kept`
 * (job-kept-photos.server.ts), bound to this order and this member of staff.
 */
export async function completeJob(
  orderId: number,
  fields: Record<string, string>,
  photos: readonly ReceivedJobPhoto[],
  crew: { userId: number; name: string },
  now = new Date(),
  kept: KeptSelection = { keep: [], remove: [] },
): Promise<CompleteResult> {
  const context = await jobContext(orderId);
  if (!context) return { ok: false, status: 404, message: "Order not found", errors: {} };
  if (context.completion) return { ok: false, status: 409, message: ALREADY_COMPLETE, errors: {} };
  if (!context.isBooking) return { ok: false, status: 409, message: NOT_A_BOOKING, errors: {} };

  const scope: PendingScope = { form: "job", orderId, userId: crew.userId };
  const checked = checkCompletion(fields, context, now);
  const errors = checked.ok ? {} : { ...checked.errors };
  const set = await checkJobPhotos(scope, kept, photos, errors, JOB_UPLOAD_LIMITS, now);
  const refuse = async (): Promise<CompleteResult> => {
    const keptNow = await keepJobPhotos(scope, set, errors, JOB_UPLOAD_LIMITS, now);
    const messages = Object.values(errors);
    return {
      ok: false,
      status: 400,
      message: messages.length === 1 ? messages[0]! : COMPLETION_MESSAGES.failed,
      errors,
      kept: keptNow,
    };
  };
  if (!checked.ok || Object.keys(errors).length > 0) return refuse();

  const stored: JobPhotoToRecord[] = set.kept.map((p) => ({
    kind: p.field as "before" | "after",
    imageId: p.imageId,
  }));
  for (const received of photos) {
    if (!("photo" in received)) continue;
    try {
      stored.push({
        kind: received.kind,
        photo: await encodeQuotePhoto(received.photo, received.name),
      });
    } catch (error) {
      if (!(error instanceof UnsupportedImageError)) throw error;
      errors[`${received.kind}_photos`] = error.message;
      return refuse();
    }
  }

  let outcome;
  try {
    outcome = await db()
      .transaction()
      .execute(async (trx) => {
        await takeKeptPhotos(trx, scope, set.kept);
        return recordCompletion(trx, context, checked.facts, stored, crew, crew.name, now);
      });
  } catch (error) {
    if (!(error instanceof KeptPhotosGoneError)) throw error;
    set.kept = [];
    errors.after_photos = error.message;
    return refuse();
  }
  if (!outcome.ok) return outcome;
  const sent = await deliverNow([outcome.emailId]);
  return { ...outcome, emailSent: sent.get(outcome.emailId) ?? false };
}

/**
 * A job marked complete in the booking's edit form (or the /api) rather than
 * with the crew's form: its documents are made from what was booked, handed
 * over by the customer, at that moment. Inside the caller's transaction.
 */
export async function completeFromBooking(
  trx: Transaction<DB>,
  orderId: number,
  actor: string,
  now = new Date(),
): Promise<number | undefined> {
  const context = await jobContext(orderId, trx);
  if (!context || context.completion || !context.isBooking) return undefined;
  const lines: CollectedLine[] = context.booked
    .filter((line) => line.waste)
    .map((line) => ({
      source: "booked",
      productId: line.productId,
      name: line.name,
      wasteDescription: line.waste!.description,
      lowCode: line.waste!.lowCode,
      pops: line.waste!.pops,
      hazardous: line.waste!.hazardous,
      quantity: line.quantity,
    }));
  // Nothing the note can name (a booking made by hand with no items): no documents to make.
  if (lines.length === 0) return undefined;
  const facts: CompletionFacts = {
    lines,
    handedOverBy: context.fullName,
    transferredAt: now.toISOString(),
    containment: CONTAINMENTS[0],
    paymentCollected: false,
  };
  const outcome = await recordCompletion(
    trx,
    context,
    facts,
    [],
    { userId: null, name: actor.replace(/^staff:/, "") },
    actor,
    now,
    { updateOrder: false },
  );
  return outcome.ok ? outcome.emailId : undefined;
}

/** How the receipt says the job was paid. */
function paymentNote(context: JobContext, collected: boolean, now: Date): string {
  const method = PAYMENT_METHOD_LABELS[context.paymentMethod].toLowerCase();
  if (collected) return `Paid by ${method} on collection, ${formatLongDate(todayInLondon(now))}`;
  if (context.paid)
    return context.paidAt
      ? `Paid by ${method} on ${formatLongDate(todayInLondon(new Date(context.paidAt)))}`
      : `Paid by ${method}`;
  return `Not yet paid: ${formatPence(context.totalPence)} due by ${method}`;
}

/** The charged lines as the receipt prints them; they always add up to the order's total. */
function receiptLines(context: JobContext) {
  const lines = context.booked.map((line) => ({
    description: line.name,
    detail: line.position ? POSITION_LABELS[line.position] : null,
    quantity: line.quantity,
    unit_price_pence: line.unitPricePence,
  }));
  if (lines.length === 0)
    return [
      {
        description: "Waste collection",
        detail: null,
        quantity: 1,
        unit_price_pence: context.totalPence,
      },
    ];
  if (context.windowDiscountPence > 0)
    lines.push({
      description: ANY_TIME_DISCOUNT_LABEL,
      detail: null,
      quantity: 1,
      unit_price_pence: -context.windowDiscountPence,
    });
  const sum = lines.reduce((total, line) => total + line.quantity * line.unit_price_pence, 0);
  if (sum !== context.totalPence)
    lines.push({
      description: "Adjustment agreed with us",
      detail: null,
      quantity: 1,
      unit_price_pence: context.totalPence - sum,
    });
  return lines;
}

async function recordCompletion(
  trx: Transaction<DB>,
  context: JobContext,
  facts: CompletionFacts,
  photos: readonly JobPhotoToRecord[],
  crew: { userId: number | null; name: string },
  actor: string,
  now: Date,
  options = { updateOrder: true },
): Promise<
  | { ok: true; completionId: number; receiptNumber: number; emailId: number }
  | { ok: false; status: 409; message: string; errors: Record<string, string> }
> {
  // One completion per order, and receipt numbers handed out one at a time, in order.
  await lockKeys(trx, [`order:${context.orderId}`, "receipt-number"]);
  const existing = await trx
    .selectFrom("job_completions")
    .select("id")
    .where("order_id", "=", context.orderId)
    .executeTakeFirst();
  if (existing) return { ok: false, status: 409, message: ALREADY_COMPLETE, errors: {} };
  const last = await trx
    .selectFrom("job_completions")
    .select((eb) => eb.fn.max("receipt_number").as("n"))
    .executeTakeFirst();
  const receiptNumber = Number(last?.n ?? 0) + 1;
  const { business } = config();
  const vatSetting = await trx
    .selectFrom("settings")
    .select("value")
    .where("key", "=", "vat_rate_percent")
    .executeTakeFirst();
  const vatRate = Number(vatSetting?.value ?? DEFAULT_VAT_RATE_PERCENT);
  const keepUntil = `${Number(todayInLondon(now).slice(0, 4)) + KEEP_YEARS}${todayInLondon(now).slice(4)}`;
  const collected = facts.paymentCollected && context.canCollectPayment;
  const completion = await trx
    .insertInto("job_completions")
    .values({
      order_id: context.orderId,
      receipt_number: receiptNumber,
      photo_token: newLinkToken(),
      completed_at: now.toISOString(),
      transferred_at: facts.transferredAt,
      collection_date: context.collectionDate,
      handed_over_by: facts.handedOverBy,
      crew_name: crew.name,
      crew_user_id: crew.userId,
      containment: facts.containment,
      customer_name: context.fullName,
      customer_email: context.email,
      customer_phone: context.phoneNumber,
      address_1: context.address1,
      town: context.town,
      postcode: context.postcode,
      business_name: context.businessName,
      sic_code: context.sicCode,
      carrier_name: business.name,
      carrier_address: business.address,
      carrier_registration: business.wasteCarrierLicence,
      vat_number: business.vatNumber,
      vat_rate_percent: Number.isFinite(vatRate) ? vatRate : DEFAULT_VAT_RATE_PERCENT,
      total_pence: context.totalPence,
      payment_method: context.paymentMethod,
      payment_collected: collected
        ? (context.paymentMethod as "cash_payment" | "bank_transfer")
        : null,
      payment_note: paymentNote(context, collected, now),
      keep_until: keepUntil,
    } as never)
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("job_waste_lines")
    .values(
      facts.lines.map((line, i) => ({
        completion_id: completion.id,
        sort_order: i,
        source: line.source,
        product_id: line.productId,
        name: line.name,
        waste_description: line.wasteDescription,
        low_code: line.lowCode,
        pops: line.pops ? (1 as const) : (0 as const),
        hazardous: line.hazardous ? (1 as const) : (0 as const),
        quantity: line.quantity,
      })),
    )
    .execute();
  await trx
    .insertInto("job_receipt_lines")
    .values(
      receiptLines(context).map((line, i) => ({
        completion_id: completion.id,
        sort_order: i,
        ...line,
      })),
    )
    .execute();
  for (const kind of ["before", "after"] as const) {
    const ofKind = photos.filter((p) => p.kind === kind);
    for (const [i, photo] of ofKind.entries()) {
      // A photo kept from the form's last try is stored already.
      const imageId = "imageId" in photo ? photo.imageId : await saveQuotePhoto(trx, photo.photo);
      await trx
        .insertInto("job_photos")
        .values({ completion_id: completion.id, kind, image_id: imageId, sort_order: i })
        .execute();
    }
  }
  if (options.updateOrder) {
    await trx
      .updateTable("orders")
      .set({
        booking_status: "complete",
        ...(collected ? { status: "complete" as const, paid_at: now.toISOString() } : {}),
        updated_at: now.toISOString(),
      })
      .where("id", "=", context.orderId)
      .execute();
    const events = [];
    if (context.bookingStatus !== "complete")
      events.push({ field: "booking_status", old_value: "pending", new_value: "complete" });
    if (collected) events.push({ field: "status", old_value: "pending", new_value: "complete" });
    for (const event of events)
      await trx
        .insertInto("order_events")
        .values({ order_id: context.orderId, actor, ...event })
        .execute();
  }
  const emailId = await enqueueCompletionEmail(trx, completion.id);
  return { ok: true, completionId: completion.id, receiptNumber, emailId };
}

/** The stored facts of one completion, with its lines and photos. */
async function loadCompletion(
  executor: Transaction<DB> | ReturnType<typeof db>,
  completionId: number,
) {
  const completion = await executor
    .selectFrom("job_completions")
    .selectAll()
    .where("id", "=", completionId)
    .executeTakeFirst();
  if (!completion) return undefined;
  const [waste, charged, photos] = await Promise.all([
    executor
      .selectFrom("job_waste_lines")
      .selectAll()
      .where("completion_id", "=", completionId)
      .orderBy("sort_order")
      .execute(),
    executor
      .selectFrom("job_receipt_lines")
      .selectAll()
      .where("completion_id", "=", completionId)
      .orderBy("sort_order")
      .execute(),
    executor
      .selectFrom("job_photos")
      .innerJoin("images", "images.id", "job_photos.image_id")
      .select(["job_photos.kind", "job_photos.image_id", "images.width", "images.height"])
      .where("job_photos.completion_id", "=", completionId)
      // before, then after
      .orderBy("job_photos.kind", "desc")
      .orderBy("job_photos.sort_order")
      .execute(),
  ]);
  return { completion, waste, charged, photos };
}
type StoredCompletion = NonNullable<Awaited<ReturnType<typeof loadCompletion>>>;

/** The business as it was at the transfer (phone and email are today's). */
function businessAt(c: StoredCompletion["completion"]): DocumentBusiness {
  const { business } = config();
  return {
    ...business,
    name: c.carrier_name,
    address: c.carrier_address,
    wasteCarrierLicence: c.carrier_registration,
    vatNumber: c.vat_number,
  };
}

function addressLines(c: StoredCompletion["completion"]): string[] {
  return [c.address_1, c.town, c.postcode].filter((line) => line.trim() !== "");
}

export function wasteTransferNoteInput(stored: StoredCompletion): WasteTransferNoteInput {
  const c = stored.completion;
  return {
    reference: wtnReference(c.id),
    transferredAt: c.transferred_at,
    createdAt: new Date(c.completed_at),
    transferor: {
      name: c.customer_name,
      businessName: c.business_name,
      sicCode: c.sic_code,
      addressLines: addressLines(c),
      email: c.customer_email,
      phone: c.customer_phone,
      handedOverBy: c.handed_over_by,
    },
    collectionAddressLines: addressLines(c),
    carrier: {
      name: c.carrier_name,
      address: c.carrier_address,
      registration: c.carrier_registration,
      crewName: c.crew_name,
    },
    containment: c.containment,
    lines: stored.waste.map((line) => ({
      name: line.name,
      wasteDescription: line.waste_description,
      lowCode: line.low_code,
      pops: line.pops === 1,
      hazardous: line.hazardous === 1,
      quantity: line.quantity,
    })),
    consignmentNoteNeeded: stored.waste.some((line) =>
      needsConsignmentNote({ business: c.business_name !== null, hazardous: line.hazardous === 1 }),
    ),
  };
}

export function receiptInput(stored: StoredCompletion): ReceiptInput {
  const c = stored.completion;
  return {
    receiptNumber: c.receipt_number,
    taxPoint: c.collection_date,
    issuedOn: todayInLondon(new Date(c.completed_at)),
    createdAt: new Date(c.completed_at),
    orderId: c.order_id,
    customer: {
      name: c.customer_name,
      businessName: c.business_name,
      addressLines: addressLines(c),
      email: c.customer_email,
      phone: c.customer_phone,
    },
    lines: stored.charged.map((line) => ({
      description: line.description,
      detail: line.detail,
      quantity: line.quantity,
      unitPricePence: line.unit_price_pence,
    })),
    totalPence: c.total_pence,
    vatRatePercent: c.vat_rate_percent,
    paymentLine: c.payment_note,
  };
}

export type JobDocumentKind = "waste-transfer-note" | "receipt";
export const JOB_DOCUMENT_KINDS: readonly JobDocumentKind[] = ["waste-transfer-note", "receipt"];

/** A completion's document as PDF bytes, made from the stored facts (the same bytes every time). */
async function renderJobDocument(
  stored: StoredCompletion,
  kind: JobDocumentKind,
): Promise<{ filename: string; bytes: Buffer }> {
  const business = businessAt(stored.completion);
  if (kind === "receipt") {
    const reference = receiptReference(stored.completion.receipt_number);
    return {
      filename: `receipt-${reference}.pdf`,
      bytes: await receiptPdf(receiptInput(stored), business),
    };
  }
  const reference = wtnReference(stored.completion.id);
  return {
    filename: `waste-transfer-note-${reference}.pdf`,
    bytes: await wasteTransferNotePdf(wasteTransferNoteInput(stored), business),
  };
}

export const jobPhotosPath = (token: string) => `/job/${token}`;

/** Writes the customer's email with both documents attached to the outbox. */
async function enqueueCompletionEmail(trx: Transaction<DB>, completionId: number): Promise<number> {
  const stored = await loadCompletion(trx, completionId);
  if (!stored) throw new Error(`completion ${completionId} vanished`);
  const c = stored.completion;
  const [note, receipt] = await Promise.all(
    JOB_DOCUMENT_KINDS.map((kind) => renderJobDocument(stored, kind)),
  );
  const base = config().publicUrl;
  const link = `${base}${jobPhotosPath(c.photo_token)}`;
  return enqueueEmail(
    trx,
    jobCompletedEmail(
      {
        orderId: c.order_id,
        customerName: c.customer_name,
        email: c.customer_email,
        collectionDate: c.collection_date,
        wtnReference: wtnReference(c.id),
        receiptReference: receiptReference(c.receipt_number),
        totalPence: c.total_pence,
        photoLink: link,
        thumbnails: stored.photos.map((photo) => ({
          kind: photo.kind,
          url: `${link}/photos/${photo.image_id}?w=320`,
        })),
      },
      [note!, receipt!],
    ),
  );
}

/** What the order page shows of a completion. */
export interface JobDocumentsView {
  completionId: number;
  completedAt: string;
  transferredAt: string;
  handedOverBy: string;
  crewName: string;
  wtnReference: string;
  receiptReference: string;
  photoLink: string;
  photos: { kind: "before" | "after"; imageId: string }[];
  lines: { name: string; lowCode: string; quantity: number; hazardous: boolean; pops: boolean }[];
  consignmentNoteNeeded: boolean;
}

/** The stored completion of an order (staff), or of a customer's link; undefined when there is none. */
async function findCompletion(
  by: { orderId: number } | { token: string },
): Promise<StoredCompletion | undefined> {
  const id =
    "token" in by
      ? await findByCustomerLink("job", by.token)
      : (
          await db()
            .selectFrom("job_completions")
            .select("id")
            .where("order_id", "=", by.orderId)
            .executeTakeFirst()
        )?.id;
  return id === undefined ? undefined : loadCompletion(db(), id);
}

export async function jobDocuments(orderId: number): Promise<JobDocumentsView | undefined> {
  const stored = await findCompletion({ orderId });
  if (!stored) return undefined;
  const c = stored.completion;
  return {
    completionId: c.id,
    completedAt: c.completed_at,
    transferredAt: c.transferred_at,
    handedOverBy: c.handed_over_by,
    crewName: c.crew_name,
    wtnReference: wtnReference(c.id),
    receiptReference: receiptReference(c.receipt_number),
    photoLink: jobPhotosPath(c.photo_token),
    photos: stored.photos.map((p) => ({ kind: p.kind, imageId: p.image_id })),
    lines: stored.waste.map((line) => ({
      name: line.name,
      lowCode: line.low_code,
      quantity: line.quantity,
      hazardous: line.hazardous === 1,
      pops: line.pops === 1,
    })),
    consignmentNoteNeeded: wasteTransferNoteInput(stored).consignmentNoteNeeded,
  };
}

/** A document of an order's completion, for staff. */
export async function orderDocument(orderId: number, kind: JobDocumentKind) {
  const stored = await findCompletion({ orderId });
  return stored ? renderJobDocument(stored, kind) : undefined;
}

/** Staff send the documents again (to the address the job was completed for). */
export async function resendJobDocuments(orderId: number): Promise<number | undefined> {
  const stored = await findCompletion({ orderId });
  if (!stored) return undefined;
  const emailId = await db()
    .transaction()
    .execute((trx) => enqueueCompletionEmail(trx, stored.completion.id));
  await deliverNow([emailId]);
  return emailId;
}

/** The customer's photo page, for the holder of the link. */
export async function jobForCustomer(token: string) {
  const stored = await findCompletion({ token });
  if (!stored) return undefined;
  const c = stored.completion;
  return {
    customerName: c.customer_name,
    collectionDate: c.collection_date,
    transferredAt: c.transferred_at,
    address: addressLines(c).join(", "),
    wtnReference: wtnReference(c.id),
    receiptReference: receiptReference(c.receipt_number),
    photos: stored.photos.map((p) => ({
      kind: p.kind,
      imageId: p.image_id,
      width: p.width,
      height: p.height,
    })),
  };
}

/** One of a job's photos, for the holder of its link; undefined for any other image. */
export async function jobPhoto(token: string, imageId: string) {
  if (!/^[0-9a-f]{64}$/.test(imageId)) return undefined;
  const completionId = await findByCustomerLink("job", token);
  if (completionId === undefined) return undefined;
  return db()
    .selectFrom("job_photos")
    .innerJoin("images", "images.id", "job_photos.image_id")
    .select(["images.id", "images.content_type", "images.bytes"])
    .where("job_photos.completion_id", "=", completionId)
    .where("images.id", "=", imageId)
    .executeTakeFirst();
}

/** A job's document, for the holder of its link. */
export async function jobDocumentForCustomer(token: string, kind: JobDocumentKind) {
  const stored = await findCompletion({ token });
  return stored ? renderJobDocument(stored, kind) : undefined;
}
