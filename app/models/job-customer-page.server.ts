import { db } from "~/services/db.server";
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

/** The shape of a photo link's token (24 random bytes, base64url); anything else is a miss. */
const TOKEN = /^[A-Za-z0-9_-]{20,64}$/;

/** The completion a link's token opens; undefined for a token of the wrong shape or of no job. */
const completionOfLink = (token: string) =>
  TOKEN.test(token) ? findCompletion({ token }) : Promise.resolve(undefined);

/** The customer's photo page, for the holder of the link. */
export async function jobForCustomer(token: string) {
  const stored = await completionOfLink(token);
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
  if (!TOKEN.test(token) || !/^[0-9a-f]{64}$/.test(imageId)) return undefined;
  return db()
    .selectFrom("job_completions")
    .innerJoin("job_photos", "job_photos.completion_id", "job_completions.id")
    .innerJoin("images", "images.id", "job_photos.image_id")
    .select(["images.id", "images.content_type", "images.bytes"])
    .where("job_completions.photo_token", "=", token)
    .where("images.id", "=", imageId)
    .executeTakeFirst();
}

/** A job's document, for the holder of its link. */
export async function jobDocumentForCustomer(token: string, kind: JobDocumentKind) {
  const stored = await completionOfLink(token);
  return stored ? renderJobDocument(stored, kind) : undefined;
}
