import {
  extraText,
  extrasPaymentText,
  extrasTotal,
  type ExtraCharge,
  type ExtrasPayment,
  type ExtrasPaymentState,
} from "~/lib/job-extras";
import { sql, type Transaction } from "kysely";
import { ANY_TIME_DISCOUNT_LABEL } from "~/lib/capacity";
import { PAYMENT_METHOD_LABELS } from "~/lib/domain";
import { formatLongDate, formatPence } from "~/lib/format";
import { CONTAINMENTS, JOB_FIELDS, JOB_PHOTOS_PER_KIND } from "~/lib/job-completion";
import { todayInLondon } from "~/lib/london-clock.server";
import { POSITION_LABELS } from "~/lib/positions";
import { DEFAULT_VAT_RATE_PERCENT } from "~/lib/vat";
import { db } from "~/services/db.server";
import { lockKeys } from "~/services/dialect.server";
import { checkQuotePhoto, UnsupportedImageError } from "~/services/images.server";
import type { FileHandler } from "~/services/uploads.server";
import type { DB } from "~/services/schema";
import { newLinkToken } from "../customer-links/customer-link.server";
import { saveQuotePhoto } from "../catalogue/image.server";
import { recordOrderEvent } from "../checkout/order-history.server";
import { deliverNow } from "../messages/outbox-worker.server";
import {
  encodeReceivedPhotos,
  KeptPhotosGoneError,
  takeKeptPhotos,
  type KeptPhoto,
  type KeptSelection,
  type PendingScope,
} from "../quotes/pending-uploads.server";
import {
  checkJobPhotos,
  keepJobPhotos,
  type JobPhotoToRecord,
  type ReceivedJobPhoto,
} from "./job-kept-photos.server";
import { jobContext, type JobContext } from "./job-context.server";
import {
  checkCompletion,
  COMPLETION_MESSAGES,
  type CollectedLine,
  type CompletionFacts,
} from "./job-completion-check.server";
import { enqueueCompletionEmail } from "./job-documents.server";
import { businessProfile } from "~/models/shop/business-profile.server";

/**
 * A job's completion (docs/rules.md#job-completion): the crew record what
 * they took, who handed it over and when, with before and after photos; the
 * shop keeps those facts as data, and from them makes the waste transfer note
 * and the receipt, and emails both to the customer with a link to the photos,
 * in the completion's own transaction.
 *
 * Here: completing a job (the crew's form, or a booking marked complete) and
 * recording it. The order as the form reads it is in job-context.server.ts, the
 * check of the form in job-completion-check.server.ts, the documents and the
 * email in job-documents.server.ts, the customer's page in job-customer-page.server.ts.
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

  const encoded = await encodeReceivedPhotos(photos);
  if (!encoded.ok) {
    errors[`${encoded.photo.kind}_photos`] = encoded.message;
    return refuse();
  }
  const stored: JobPhotoToRecord[] = [
    ...set.kept.map((p) => ({ kind: p.field as "before" | "after", imageId: p.imageId })),
    ...encoded.photos.map((p) => ({ kind: p.kind, photo: p.stored })),
  ];

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
      ...line.waste!,
      quantity: line.quantity,
      weightGrams: line.weightGrams * line.quantity,
    }));
  // Nothing the note can name (a booking made by hand with no items): no documents to make.
  if (lines.length === 0) return undefined;
  const facts: CompletionFacts = {
    lines,
    handedOverBy: context.fullName,
    vehicleRegistration: null,
    transferredAt: now.toISOString(),
    containment: CONTAINMENTS[0],
    extras: [],
    extrasPayment: "office",
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

const EXTRAS_STATES: Record<ExtrasPayment, (day: string) => ExtrasPaymentState> = {
  cash_payment: (day) => ({ kind: "cash", day }),
  card_link: () => ({ kind: "link" }),
  office: () => ({ kind: "due" }),
};

const EXTRAS_HISTORY: Record<ExtrasPayment, string> = {
  cash_payment: "paid in cash",
  card_link: "card payment link emailed",
  office: "still to pay",
};

/** How the receipt says the job was paid: the booking, then what was added on the day. */
function paymentNote(
  context: JobContext,
  collected: boolean,
  extras: { pence: number; payment: ExtrasPayment },
  now: Date,
): string {
  const method = PAYMENT_METHOD_LABELS[context.paymentMethod].toLowerCase();
  const today = formatLongDate(todayInLondon(now));
  const booking = collected
    ? `Paid by ${method} on collection, ${today}`
    : context.paid
      ? context.paidAt
        ? `Paid by ${method} on ${formatLongDate(todayInLondon(new Date(context.paidAt)))}`
        : `Paid by ${method}`
      : `Not yet paid: ${formatPence(context.totalPence)} due by ${method}`;
  if (extras.pence === 0) return booking;
  return `${booking}. ${extrasPaymentText(extras.pence, EXTRAS_STATES[extras.payment](today))}`;
}

/**
 * The charged lines as the receipt prints them: what was booked (they always add up to the
 * order's total), then what was added on the day.
 */
function receiptLines(context: JobContext, extras: readonly ExtraCharge[]) {
  return [
    ...bookedReceiptLines(context),
    ...extras.map((extra) => ({
      description: `Added on the day: ${extra.name}`,
      detail: extra.position ? POSITION_LABELS[extra.position] : null,
      quantity: extra.quantity,
      unit_price_pence: extra.unitPricePence,
    })),
  ];
}

function bookedReceiptLines(context: JobContext) {
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
  if (context.areaSurcharge)
    lines.push({
      description: context.areaSurcharge.name,
      detail: null,
      quantity: 1,
      unit_price_pence: context.areaSurcharge.pence,
    });
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
  const business = businessProfile();
  const vatSetting = await trx
    .selectFrom("settings")
    .select("value")
    .where("key", "=", "vat_rate_percent")
    .executeTakeFirst();
  const vatRate = Number(vatSetting?.value ?? DEFAULT_VAT_RATE_PERCENT);
  const keepUntil = `${Number(todayInLondon(now).slice(0, 4)) + KEEP_YEARS}${todayInLondon(now).slice(4)}`;
  const collected = facts.paymentCollected && context.canCollectPayment;
  const extrasPence = extrasTotal(facts.extras);
  const extrasPayment: ExtrasPayment = extrasPence > 0 ? facts.extrasPayment : "office";
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
      vehicle_registration: facts.vehicleRegistration,
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
      total_pence: context.totalPence + extrasPence,
      extras_pence: extrasPence,
      extras_taken: extrasPayment === "cash_payment" ? "cash_payment" : null,
      extras_link_at: extrasPayment === "card_link" ? now.toISOString() : null,
      payment_method: context.paymentMethod,
      payment_collected: collected
        ? (context.paymentMethod as "cash_payment" | "bank_transfer")
        : null,
      payment_note: paymentNote(
        context,
        collected,
        { pence: extrasPence, payment: extrasPayment },
        now,
      ),
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
        weight_grams: line.weightGrams,
      })),
    )
    .execute();
  await keepProductWasteFacts(trx, completion.id);
  await trx
    .insertInto("job_receipt_lines")
    .values(
      receiptLines(context, facts.extras).map((line, i) => ({
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
    const fields = [];
    if (context.bookingStatus !== "complete") fields.push("booking_status");
    if (collected) fields.push("status");
    for (const field of fields)
      await recordOrderEvent(trx, {
        orderId: context.orderId,
        field,
        oldValue: "pending",
        newValue: "complete",
        actor,
      });
    if (extrasPence > 0)
      await recordOrderEvent(trx, {
        orderId: context.orderId,
        field: "extras",
        oldValue: null,
        newValue: `${formatPence(extrasPence)} added on the day (${facts.extras
          .map(extraText)
          .join(", ")}), ${EXTRAS_HISTORY[extrasPayment]}`,
        actor,
      });
  }
  const emailId = await enqueueCompletionEmail(trx, completion.id);
  return { ok: true, completionId: completion.id, receiptNumber, emailId };
}

/**
 * Each waste line keeps its product's waste facts as they are now, the day of the transfer
 * (docs/rules.md#the-defra-record): a product changed later changes no job's Defra record.
 */
async function keepProductWasteFacts(trx: Transaction<DB>, completionId: number): Promise<void> {
  const fromProduct = (column: string) =>
    sql<
      string | null
    >`(SELECT ${sql.ref(`products.${column}`)} FROM products WHERE products.id = job_waste_lines.product_id)`;
  await trx
    .updateTable("job_waste_lines")
    .set({
      physical_form: fromProduct("physical_form"),
      container_type: fromProduct("container_type"),
      pops_source: fromProduct("pops_source"),
      pop_codes: fromProduct("pop_codes"),
      hp_codes: fromProduct("hp_codes"),
    })
    .where("completion_id", "=", completionId)
    .where("product_id", "is not", null)
    .execute();
}
