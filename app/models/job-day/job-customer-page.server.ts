import { db } from "~/services/db.server";
import { findByCustomerLink } from "../customer-links/customer-link.server";
import {
  addressLines,
  completionReferences,
  findCompletion,
  renderJobDocument,
  type JobDocumentKind,
} from "./job-documents.server";

/**
 * The customer's page for a completed job, reached by the link in the
 * completion email (/job/{token}): its photos and its two documents, for the
 * holder of the link only.
 */

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
    ...completionReferences(c),
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
