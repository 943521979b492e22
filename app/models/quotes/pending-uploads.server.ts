import crypto from "node:crypto";
import type { DeleteQueryBuilder, DeleteResult, Kysely, Transaction } from "kysely";
import type { KeptPhoto, PendingField } from "~/lib/kept-photos";
import { db, type DB } from "~/services/db.server";
import {
  encodeQuotePhoto,
  UnsupportedImageError,
  type CheckedPhoto,
  type StoredPhoto,
} from "~/services/images.server";
import { deleteUnusedImages, saveQuotePhoto } from "../catalogue/image.server";

/**
 * Photos kept while a form comes back (docs/decisions/034-photos-kept-across-a-returned-form.md).
 * When a quote request or a job completion is refused for something else (a field left empty),
 * the photos it carried are re-encoded and stored as pending uploads tied to that form, so the
 * page can show them and the next submission uses them: nobody uploads the same photos twice on
 * a weak signal. Each kept photo has an unguessable id and belongs to one scope: a quote form's
 * random token, or a job completion's order and member of staff. An id from another scope is
 * treated as unknown. Kept photos live a day; the hourly housekeeping job prunes older ones.
 */

export const PENDING_UPLOAD_LIFETIME_MS = 24 * 3600 * 1000;

export type PendingScope =
  { form: "quote"; token: string } | { form: "job"; orderId: number; userId: number };

/** A kept photo with what the submission needs to use it. */
export interface KeptUpload extends KeptPhoto {
  imageId: string;
  byteSize: number;
}

/** A newly received photo that passed its checks, to keep when the form is refused. */
export interface PhotoToKeep {
  field: PendingField;
  name: string;
  photo: CheckedPhoto;
}

/** What a form sent about its kept photos: the ids it carries and those ticked "Remove". */
export interface KeptSelection {
  keep: readonly string[];
  remove: readonly string[];
}

export const NO_KEPT_PHOTOS: KeptSelection = { keep: [], remove: [] };

/** Shown when a kept id is not (or no longer) this form's: expired, or made up. */
export const KEPT_PHOTOS_GONE =
  "Some photos we were keeping for this form are no longer available. Please choose them again.";

const FORM_TOKEN = /^[A-Za-z0-9_-]{32}$/;
const PENDING_ID = /^[A-Za-z0-9_-]{32}$/;
/** 24 random bytes: 32 characters, nothing to guess. */
const randomToken = () => crypto.randomBytes(24).toString("base64url");

/** A new quote form token, made when a quote form first comes back with photos. */
export const newFormToken = randomToken;

export function isFormToken(text: unknown): text is string {
  return typeof text === "string" && FORM_TOKEN.test(text);
}

function scopeKey(scope: PendingScope): string {
  return scope.form === "quote" ? `quote:${scope.token}` : `job:${scope.orderId}:${scope.userId}`;
}

/** The oldest created_at still kept at `now`. */
const oldestKept = (now: Date) =>
  new Date(now.getTime() - PENDING_UPLOAD_LIFETIME_MS).toISOString();

/** The ids a form sent, well-formed and each once, at most `max` of them. */
function cleanIds(ids: readonly string[], max = 50): string[] {
  return [...new Set(ids.filter((id) => PENDING_ID.test(id)))].slice(0, max);
}

/**
 * The kept photos a submission carries: first forgets those ticked "Remove" (with their image,
 * when nothing else uses it), then answers the rest that are still this form's, in the order
 * they were kept. `missing` counts the ids that are not: expired, or another form's.
 */
export async function resolveKeptPhotos(
  scope: PendingScope,
  selection: KeptSelection,
  now = new Date(),
): Promise<{ photos: KeptUpload[]; missing: number }> {
  const remove = cleanIds(selection.remove);
  const keep = cleanIds(selection.keep).filter((id) => !remove.includes(id));
  if (remove.length > 0) await discardKeptPhotos(scope, remove);
  // A malformed id counts as missing too: the form was tampered with or is very old.
  const malformed = new Set(selection.keep.filter((id) => !PENDING_ID.test(id))).size;
  if (keep.length === 0) return { photos: [], missing: malformed };
  const rows = await db()
    .selectFrom("pending_uploads")
    .innerJoin("images", "images.id", "pending_uploads.image_id")
    .select([
      "pending_uploads.id",
      "pending_uploads.field",
      "pending_uploads.original_filename",
      "pending_uploads.image_id",
      "pending_uploads.byte_size",
      "images.width",
      "images.height",
    ])
    .where("pending_uploads.id", "in", keep)
    .where("pending_uploads.scope", "=", scopeKey(scope))
    .where("pending_uploads.created_at", ">=", oldestKept(now))
    .orderBy("pending_uploads.sort_order")
    .execute();
  return {
    photos: rows.map((row) => ({
      id: row.id,
      field: row.field,
      name: row.original_filename,
      width: row.width,
      height: row.height,
      imageId: row.image_id,
      byteSize: Number(row.byte_size),
    })),
    missing: keep.length - rows.length + malformed,
  };
}

type PendingDelete = DeleteQueryBuilder<DB, "pending_uploads", DeleteResult>;

/** Forgets the kept photos `pick` narrows to, and their images when nothing else uses them; answers how many. */
async function forgetKeptPhotos(
  trx: Transaction<DB>,
  pick: (query: PendingDelete) => PendingDelete,
): Promise<number> {
  const gone = await pick(trx.deleteFrom("pending_uploads")).returning("image_id").execute();
  await deleteUnusedImages(
    trx,
    gone.map((row) => row.image_id),
  );
  return gone.length;
}

/** Forgets these kept photos of this scope, and their images when nothing else uses them. */
export async function discardKeptPhotos(scope: PendingScope, ids: readonly string[]) {
  const wanted = cleanIds(ids);
  if (wanted.length === 0) return;
  await db()
    .transaction()
    .execute((trx) =>
      forgetKeptPhotos(trx, (query) =>
        query.where("id", "in", wanted).where("scope", "=", scopeKey(scope)),
      ),
    );
}

/** The limits a form's photos keep to, kept and new together. */
export interface KeptPhotoLimits {
  /** photos in all (the quote's 10) */
  maxFiles?: number;
  /** photos of one field (a job's 8 before and 8 after) */
  maxPerField?: number;
  /** bytes of the photos as they were sent (60 MB) */
  maxTotalBytes: number;
}

/** Whether kept and new photos together fit the limits; the message when they do not. */
export function keptPhotoLimitError(
  kept: readonly KeptUpload[],
  received: readonly PhotoToKeep[],
  limits: KeptPhotoLimits,
): string | undefined {
  const count = kept.length + received.length;
  if (limits.maxFiles !== undefined && count > limits.maxFiles)
    return `Please send at most ${limits.maxFiles} photos.`;
  const bytes =
    kept.reduce((sum, p) => sum + p.byteSize, 0) +
    received.reduce((sum, p) => sum + p.photo.bytes.byteLength, 0);
  if (bytes > limits.maxTotalBytes)
    return `That is more than we can take in one go (${Math.round(limits.maxTotalBytes / 1024 / 1024)} MB in all). Please send fewer or smaller photos.`;
  return undefined;
}

/**
 * Keeps the new photos of a refused submission for its next one: each is re-encoded (as it
 * would have been on success) and stored as a pending upload of this scope, after the ones
 * already kept, for as long as the form's limits allow. Answers every photo now kept for the
 * form, and the field and message of a photo that could not be opened, if one could not.
 */
export async function keepReceivedPhotos(
  scope: PendingScope,
  already: readonly KeptUpload[],
  received: readonly PhotoToKeep[],
  limits: KeptPhotoLimits,
  now = new Date(),
): Promise<{ photos: KeptPhoto[]; error?: { field: PendingField; message: string } }> {
  const kept: KeptUpload[] = [...already];
  let error: { field: PendingField; message: string } | undefined;
  let bytes = kept.reduce((sum, p) => sum + p.byteSize, 0);
  const last = await db()
    .selectFrom("pending_uploads")
    .select((eb) => eb.fn.max("sort_order").as("n"))
    .where("scope", "=", scopeKey(scope))
    .executeTakeFirst();
  let order = last?.n === null || last?.n === undefined ? 0 : Number(last.n) + 1;
  for (const photo of received) {
    const size = photo.photo.bytes.byteLength;
    const ofField = kept.filter((p) => p.field === photo.field).length;
    if (limits.maxFiles !== undefined && kept.length >= limits.maxFiles) break;
    if (limits.maxPerField !== undefined && ofField >= limits.maxPerField) continue;
    if (bytes + size > limits.maxTotalBytes) break;
    let stored;
    try {
      stored = await encodeQuotePhoto(photo.photo, photo.name);
    } catch (failure) {
      if (!(failure instanceof UnsupportedImageError)) throw failure;
      error ??= { field: photo.field, message: failure.message };
      continue;
    }
    const id = randomToken();
    const name = storedFileName(photo.name);
    const sortOrder = order++;
    const imageId = await db()
      .transaction()
      .execute(async (trx) => {
        const imageId = await saveQuotePhoto(trx, stored);
        await trx
          .insertInto("pending_uploads")
          .values({
            id,
            scope: scopeKey(scope),
            field: photo.field,
            image_id: imageId,
            original_filename: name,
            byte_size: size,
            sort_order: sortOrder,
            created_at: now.toISOString(),
          })
          .execute();
        return imageId;
      });
    bytes += size;
    kept.push({
      id,
      field: photo.field,
      name,
      width: stored.width,
      height: stored.height,
      imageId,
      byteSize: size,
    });
  }
  return { photos: kept.map(shownKept), error };
}

/** What a page may show of a kept photo (not its image id). */
export function shownKept(photo: KeptPhoto): KeptPhoto {
  return {
    id: photo.id,
    field: photo.field,
    name: photo.name,
    width: photo.width,
    height: photo.height,
  };
}

/** The uploader's file name as the form shows it: one line, no control characters. */
export function storedFileName(name: string): string | null {
  const clean = name.replace(/[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu, "").trim();
  return clean ? clean.slice(0, 200) : null;
}

/** Raised inside a submission's transaction when a kept photo went meanwhile (pruned). */
export class KeptPhotosGoneError extends Error {
  constructor() {
    super(KEPT_PHOTOS_GONE);
  }
}

/**
 * Inside a successful submission's transaction: forgets the kept photos it used (their images
 * stay, now used by the quote or the job). Throws KeptPhotosGoneError when one is no longer
 * there, so the submission rolls back rather than go without it.
 */
export async function takeKeptPhotos(
  trx: Transaction<DB>,
  scope: PendingScope,
  photos: readonly KeptUpload[],
): Promise<void> {
  if (photos.length === 0) return;
  const taken = await trx
    .deleteFrom("pending_uploads")
    .where(
      "id",
      "in",
      photos.map((p) => p.id),
    )
    .where("scope", "=", scopeKey(scope))
    .executeTakeFirst();
  if (Number(taken.numDeletedRows) !== photos.length) throw new KeptPhotosGoneError();
}

/** The image of a kept photo, for its own form only (the route checks who asks). */
export async function keptPhotoImage(scope: PendingScope, id: string, now = new Date()) {
  if (!PENDING_ID.test(id)) return undefined;
  return db()
    .selectFrom("pending_uploads")
    .innerJoin("images", "images.id", "pending_uploads.image_id")
    .select(["images.content_type", "images.bytes"])
    .where("pending_uploads.id", "=", id)
    .where("pending_uploads.scope", "=", scopeKey(scope))
    .where("pending_uploads.created_at", ">=", oldestKept(now))
    .executeTakeFirst();
}

/**
 * Forgets kept photos older than a day, with their images when nothing else uses them.
 * Run by the hourly housekeeping job; answers how many were forgotten.
 */
/**
 * A submission's new photos that passed their header checks, re-encoded one at a time (each when
 * the image queue gets to it); or the first that turns out unreadable, and why.
 */
export async function encodeReceivedPhotos<R extends { name: string }>(
  received: readonly R[],
): Promise<
  | { ok: true; photos: (Checked<R> & { stored: StoredPhoto })[] }
  | { ok: false; photo: Checked<R>; message: string }
> {
  const photos: (Checked<R> & { stored: StoredPhoto })[] = [];
  for (const photo of received) {
    if (!isChecked(photo)) continue;
    try {
      photos.push({ ...photo, stored: await encodeQuotePhoto(photo.photo, photo.name) });
    } catch (error) {
      if (!(error instanceof UnsupportedImageError)) throw error;
      return { ok: false, photo, message: error.message };
    }
  }
  return { ok: true, photos };
}

/** A received photo that passed its header checks. */
type Checked<R> = Extract<R, { photo: CheckedPhoto }>;
const isChecked = <R>(photo: R): photo is Checked<R> =>
  typeof photo === "object" && photo !== null && "photo" in photo;

export async function prunePendingUploads(
  now = new Date(),
  executor: Kysely<DB> | Transaction<DB> = db(),
): Promise<number> {
  const prune = (trx: Transaction<DB>) =>
    forgetKeptPhotos(trx, (query) => query.where("created_at", "<", oldestKept(now)));
  return executor.isTransaction
    ? prune(executor as Transaction<DB>)
    : executor.transaction().execute(prune);
}

export type { KeptPhoto, PendingField };
