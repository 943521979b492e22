import type { Transaction } from "kysely";
import { needsConsignmentNote, storedWasteClass } from "~/lib/waste";
import { wtnReference } from "~/lib/waste-export";
import type { DocumentBusiness } from "~/documents/letterhead.server";
import { receiptPdf, receiptReference, type ReceiptInput } from "~/documents/receipt.server";
import {
  wasteTransferNotePdf,
  type WasteTransferNoteInput,
} from "~/documents/waste-transfer-note.server";
import { config } from "~/services/config.server";
import { db } from "~/services/db.server";
import { todayInLondon } from "~/lib/london-clock.server";
import type { DB } from "~/services/schema";
import { findByCustomerLink } from "../customer-links/customer-link.server";
import { manageLink } from "../bookings/manage-link.server";
import { jobCompletedEmail } from "./job-emails.server";
import { enqueueEmail } from "../messages/outbox.server";
import { deliverNow } from "../messages/outbox-worker.server";
import { documentBusiness } from "~/models/shop/business-profile.server";

/**
 * A completed job's documents, made from its stored facts: the waste transfer
 * note and the receipt as PDFs, the email that sends both to the customer,
 * and what the staff order page shows of the completion.
 */

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
export type StoredCompletion = NonNullable<Awaited<ReturnType<typeof loadCompletion>>>;

/** The business as it was at the transfer (phone, email and company details are today's). */
function businessAt(c: StoredCompletion["completion"]): DocumentBusiness {
  const business = documentBusiness();
  return {
    ...business,
    name: c.carrier_name,
    address: c.carrier_address,
    wasteCarrierLicence: c.carrier_registration,
    vatNumber: c.vat_number,
  };
}

export function addressLines(c: StoredCompletion["completion"]): string[] {
  return [c.address_1, c.town, c.postcode].filter((line) => line.trim() !== "");
}

/** The two documents' references, as the email and both pages print them. */
export function completionReferences(c: StoredCompletion["completion"]) {
  return { wtnReference: wtnReference(c.id), receiptReference: receiptReference(c.receipt_number) };
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
      vehicleRegistration: c.vehicle_registration,
    },
    containment: c.containment,
    lines: stored.waste.map((line) => ({
      name: line.name,
      ...storedWasteClass(line),
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
export async function renderJobDocument(
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
export async function enqueueCompletionEmail(
  trx: Transaction<DB>,
  completionId: number,
): Promise<number> {
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
        ...completionReferences(c),
        totalPence: c.total_pence,
        photoLink: link,
        thumbnails: stored.photos.map((photo) => ({
          kind: photo.kind,
          url: `${link}/photos/${photo.image_id}?w=320`,
        })),
        extrasToPay:
          c.extras_link_at && !c.extras_paid_at && c.order_id
            ? { pence: c.extras_pence, link: await manageLink(c.order_id, trx) }
            : null,
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
export async function findCompletion(
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
    ...completionReferences(c),
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
