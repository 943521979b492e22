import { z } from "zod";
import { noRows } from "~/services/dialect.server";
import { parseQuoteReference } from "~/lib/references";
import { clientNetwork } from "~/lib/client-network";
import { ORDER_CONTACT_NAMES, QUOTE_CONTACT_NAMES } from "~/lib/contact-details";
import { fieldErrors } from "~/lib/forms";
import { requireId } from "~/lib/ids";
import { QUOTE_ERROR_MESSAGE } from "~/lib/messages";
import { QUOTE_STATES, type QuoteState } from "~/lib/domain";
import { londonDayStart, todayInLondon } from "~/lib/london-clock.server";
import { addDaysIso } from "~/lib/calendar";
import { readSearchText, searchDays } from "~/lib/staff-search";
import { contactMatches } from "../staff/staff-search.server";
import { clampPage, STAFF_PAGE_SIZES } from "~/lib/paging";
import { shownQuoteState } from "~/lib/quote-state";
import { containsIgnoringCase, countRows, db } from "~/services/db.server";
import {
  checkQuotePhoto,
  UnsupportedImageError,
  type CheckedPhoto,
} from "~/services/images.server";
import { contactDetailsSchema } from "../messages/contact-details.server";
import { deliverNow } from "../messages/outbox-worker.server";
import type { FileHandler } from "~/services/uploads.server";
import { deleteUnusedImages, saveQuotePhoto } from "../catalogue/image.server";
import {
  encodeReceivedPhotos,
  isFormToken,
  keepReceivedPhotos,
  KEPT_PHOTOS_GONE,
  keptPhotoLimitError,
  KeptPhotosGoneError,
  newFormToken,
  resolveKeptPhotos,
  storedFileName,
  takeKeptPhotos,
  type KeptPhoto,
  type KeptSelection,
  type KeptUpload,
  type PendingScope,
  type PhotoToKeep,
} from "./pending-uploads.server";
import { quoteConfirmationEmail, quoteNotificationEmail } from "./quote-emails.server";
import { enqueueEmail } from "../messages/outbox.server";
import { reserveAttempt, retryAfterText, type Reservation } from "../shop/rate-limit.server";
import { businessProfile } from "~/models/shop/business-profile.server";

/**
 * A quote photo after it arrived: its header checked (not decoded yet), the
 * reason it was refused, or skipped because an earlier photo was refused.
 */
export type ReceivedPhoto =
  | { name: string; photo: CheckedPhoto }
  | { name: string; error: string }
  | { name: string; skipped: true };

/**
 * parseUpload's file handler for one submission: checks each photo's type
 * and size from its header as soon as it has streamed in. Once one photo is
 * refused the submission is, so the rest are not looked at (nor kept).
 */
export function quotePhotoReceiver(): FileHandler<ReceivedPhoto> {
  let refused = false;
  return async (file) => {
    if (refused) return { name: file.name, skipped: true };
    try {
      return { name: file.name, photo: await checkQuotePhoto(file.bytes, file.name) };
    } catch (error) {
      if (!(error instanceof UnsupportedImageError)) throw error;
      refused = true;
      return { name: file.name, error: error.message };
    }
  };
}

/** Quote requests a visitor may send: 5 an hour from one address, refused or not. */
function quoteRateLimit(clientIp: string) {
  return { bucket: `quote:${clientNetwork(clientIp)}`, max: 5, windowMs: 3_600_000 };
}

/**
 * Counts a quote submission before its body is read: every submission
 * counts (valid, refused or caught by the honeypot), and the check and the
 * count are one transaction, so a parallel burst cannot slip past the limit.
 */
export async function reserveQuoteAttempt(clientIp: string): Promise<Reservation> {
  return reserveAttempt(quoteRateLimit(clientIp));
}

export function quoteRateLimitMessage(retryAfterSeconds: number): string {
  const business = businessProfile();
  return `You have sent several quote requests in the last hour. Please try again ${retryAfterText(retryAfterSeconds)}, or call us on ${business.phone}.`;
}

/** Limits of the quote form (issue: 15 MB a photo, 10 photos, 60 MB in all). */
export const QUOTE_UPLOAD_LIMITS = {
  maxFileSize: 15 * 1024 * 1024,
  maxFiles: 10,
  maxTotalBytes: 60 * 1024 * 1024,
  fileFields: ["images"],
} as const;

/** Control characters (C0, DEL, C1); the comments may keep tabs and line breaks. */
const CONTROL = /[^\P{Cc}\t\n\r]/u;

/** The quote form's fields, with the spec's names. The server is the judge. */
export const quoteSchema = contactDetailsSchema(QUOTE_CONTACT_NAMES).extend({
  comments: z
    .string()
    .trim()
    .min(1, "Please tell us what you need removed")
    .max(5000, "Please keep your comments under 5,000 characters")
    .refine(
      (text) => !CONTROL.test(text),
      "Please retype your comments: they contain a hidden control character.",
    ),
});
export type QuoteInput = z.infer<typeof quoteSchema>;
export type QuoteField = keyof QuoteInput | "images";

export { QUOTE_ERROR_MESSAGE } from "~/lib/messages";

export type QuoteSubmission =
  | { ok: true; quoteId: number; emailStatus: { confirmation: boolean; notification: boolean } }
  | {
      ok: false;
      status: 400 | 500;
      message: string;
      errors: Partial<Record<QuoteField, string>>;
      /** the page's form only: its token and the photos kept for its next submission */
      kept?: { formToken: string; photos: KeptPhoto[] };
    };

/** What the page's form sends about the photos kept from its last try (the /api sends none). */
export interface QuoteFormKept extends KeptSelection {
  formToken?: string;
}

/**
 * Checks a quote request, then (only if nothing is wrong with it) decodes
 * and re-encodes its photos and stores it with its photos and its two emails
 * in one transaction, then tries to send the emails for a moment (never long).
 * A refused request from the /api costs no decoding. A refused request from
 * the page's form (`form` given) keeps its photos for the form's next try
 * (pending-uploads.server.ts), which uses them with any new ones.
 */
export async function submitQuote(
  values: Record<string, unknown>,
  photos: readonly ReceivedPhoto[],
  form?: QuoteFormKept,
  now = new Date(),
): Promise<QuoteSubmission> {
  const scope: PendingScope | undefined = form
    ? { form: "quote", token: isFormToken(form.formToken) ? form.formToken : newFormToken() }
    : undefined;
  const kept = scope
    ? await resolveKeptPhotos(scope, form!, now)
    : { photos: [] as KeptUpload[], missing: 0 };
  const received: PhotoToKeep[] = photos.flatMap((p) =>
    "photo" in p ? [{ field: "images" as const, name: p.name, photo: p.photo }] : [],
  );
  // A field that was not sent at all is treated as left empty (so it gets the same message).
  const input = Object.fromEntries(
    Object.keys(quoteSchema.shape).map((key) => [
      key,
      typeof values[key] === "string" ? values[key] : "",
    ]),
  );
  const parsed = quoteSchema.safeParse(input);
  const errors = parsed.success ? {} : fieldErrors<QuoteField>(parsed.error);
  if (photos.length + kept.photos.length === 0)
    errors.images = "Please add at least one photo of what needs removing";
  const overLimit = keptPhotoLimitError(kept.photos, received, QUOTE_UPLOAD_LIMITS);
  if (overLimit) errors.images = overLimit;
  if (kept.missing > 0) errors.images = KEPT_PHOTOS_GONE;
  const refused = photos.find((p) => "error" in p);
  if (refused && "error" in refused) errors.images = refused.error;
  /** A refusal; the page's form keeps what was sent, so it need not be sent again. */
  const refuse = async (): Promise<QuoteSubmission> => {
    const message = Object.values(errors)[0] ?? QUOTE_ERROR_MESSAGE;
    if (!scope) return { ok: false, status: 400, message, errors };
    const keeping = await keepReceivedPhotos(
      scope,
      kept.photos,
      received,
      QUOTE_UPLOAD_LIMITS,
      now,
    );
    if (keeping.error) errors.images ??= keeping.error.message;
    return {
      ok: false,
      status: 400,
      message: Object.values(errors)[0] ?? message,
      errors,
      kept: { formToken: scope.token, photos: keeping.photos },
    };
  };
  if (!parsed.success || Object.keys(errors).length > 0) return refuse();

  const encoded = await encodeReceivedPhotos(photos);
  if (!encoded.ok) {
    errors.images = encoded.message;
    return refuse();
  }
  const stored = encoded.photos.map((p) => ({ name: p.name, photo: p.stored }));

  const quote = parsed.data;
  const count = kept.photos.length + stored.length;
  let saved;
  try {
    saved = await db()
      .transaction()
      .execute(async (trx) => {
        const row = await trx
          .insertInto("quotes")
          .values({
            full_name: quote.fullName,
            email: quote.email,
            phone_number: quote.phoneNumber,
            address_1: quote.address1,
            town: quote.town,
            postcode: quote.postcode,
            comments: quote.comments,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        // The photos kept from the form's earlier tries come first, in the order they were sent.
        if (scope) await takeKeptPhotos(trx, scope, kept.photos);
        const images = kept.photos.map((p) => ({ imageId: p.imageId, name: p.name }));
        for (const { name, photo } of stored)
          images.push({ imageId: await saveQuotePhoto(trx, photo), name: storedFileName(name) });
        for (const [i, { imageId, name }] of images.entries()) {
          await trx
            .insertInto("quote_images")
            .values({
              quote_id: row.id,
              image_id: imageId,
              original_filename: name,
              sort_order: i,
            })
            .execute();
        }
        const confirmation = await enqueueEmail(trx, quoteConfirmationEmail(quote, row.id, count));
        const notification = await enqueueEmail(trx, quoteNotificationEmail(quote, row.id, count));
        return { quoteId: row.id, emailIds: { confirmation, notification } };
      });
  } catch (error) {
    if (!(error instanceof KeptPhotosGoneError)) throw error;
    errors.images = KEPT_PHOTOS_GONE;
    kept.photos = [];
    return refuse();
  }
  const { quoteId, emailIds } = saved;

  const sent = await deliverNow([emailIds.confirmation, emailIds.notification]);
  return {
    ok: true,
    quoteId,
    emailStatus: {
      confirmation: sent.get(emailIds.confirmation) ?? false,
      notification: sent.get(emailIds.notification) ?? false,
    },
  };
}

/** The older client's success message for what was sent (docs/rules.md#fixed-wording). */
export function quoteSuccessMessage(status: {
  confirmation: boolean;
  notification: boolean;
}): string {
  const base = "Your quotation request has been submitted successfully!";
  if (status.confirmation && status.notification)
    return `${base} Confirmation emails have been sent.`;
  if (status.confirmation) return `${base} A confirmation email has been sent to you.`;
  return `${base} We'll get back to you soon via phone or email.`;
}

export async function countQuotes(): Promise<number> {
  return countRows(db().selectFrom("quotes"));
}

/** What staff see of a quote, in the list and in its detail. */
const QUOTE_COLUMNS = [
  "id",
  "created_at",
  ...Object.values(ORDER_CONTACT_NAMES),
  "comments",
  "responded",
  "state",
] as const;

export interface QuoteSearch {
  /** the staff's one search box: a reference, name, email, phone or postcode (readSearchText) */
  q?: string | null;
  /** days the quote was sent, from and to (inclusive) */
  from?: string | null;
  to?: string | null;
  /** the quote's reference as the customer says it ("Q12", "Q12-2") or its number */
  reference?: string | null;
  fullName?: string | null;
  email?: string | null;
  phoneNumber?: string | null;
  responded?: string | null;
  /** a shown state: new, priced, booked, declined, expired or withdrawn */
  state?: string | null;
  limit?: number;
  page?: number;
}

const contains = (column: string, text: string) =>
  containsIgnoringCase(column, text.trim().slice(0, 100));

/** Staff's quote search: newest first; text filters match anywhere, case-insensitively. */
export async function listQuotes(search: QuoteSearch, now = new Date()) {
  const limit = (STAFF_PAGE_SIZES as readonly number[]).includes(Number(search.limit))
    ? Number(search.limit)
    : 25;
  const page = clampPage(search.page);
  const today = todayInLondon(now);
  // Each quote with its latest price, if it has one.
  let query = db()
    .selectFrom("quotes")
    .leftJoin("quote_offers as offer", (join) =>
      join.onRef("offer.quote_id", "=", "quotes.id").on("offer.version", "=", (eb) =>
        eb
          .selectFrom("quote_offers as newest")
          .select((e) => e.fn.max("newest.version").as("v"))
          .whereRef("newest.quote_id", "=", "quotes.id"),
      ),
    );
  const state = search.state ?? "";
  if (state === "expired")
    query = query.where("quotes.state", "=", "priced").where("offer.valid_until", "<", today);
  else if (state === "priced")
    query = query.where("quotes.state", "=", "priced").where("offer.valid_until", ">=", today);
  else if ((QUOTE_STATES as readonly string[]).includes(state))
    query = query.where("quotes.state", "=", state as QuoteState);
  const term = contactMatches(readSearchText(search.q), "quotes");
  if (term) query = query.where(term);
  const days = searchDays(search.from, search.to);
  if (days.from)
    query = query.where("quotes.created_at", ">=", londonDayStart(days.from).toISOString());
  if (days.to)
    query = query.where(
      "quotes.created_at",
      "<",
      londonDayStart(addDaysIso(days.to, 1)).toISOString(),
    );
  if (search.reference?.trim()) {
    const id = parseQuoteReference(search.reference);
    query = id === null ? query.where(noRows) : query.where("quotes.id", "=", id);
  }
  if (search.fullName?.trim()) query = query.where(contains("full_name", search.fullName));
  if (search.email?.trim()) query = query.where(contains("email", search.email));
  if (search.phoneNumber?.trim()) query = query.where(contains("phone_number", search.phoneNumber));
  if (search.responded === "yes" || search.responded === "no")
    query = query.where("responded", "=", search.responded);
  const total = await countRows(query);
  const rows = await query
    .select([
      ...QUOTE_COLUMNS.map((column) => `quotes.${column}` as const),
      "offer.total_pence as price_pence",
      "offer.valid_until",
      (eb) =>
        eb
          .selectFrom("quote_images")
          .select((e) => e.fn.countAll<number>().as("c"))
          .whereRef("quote_images.quote_id", "=", "quotes.id")
          .as("photos"),
    ])
    .orderBy("quotes.created_at", "desc")
    .orderBy("quotes.id", "desc")
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  const names = await photoNames(rows.map((r) => r.id));
  return {
    quotes: rows.map((r) => ({
      ...r,
      shownState: shownQuoteState(r.state, r.valid_until, today),
      photos: Number(r.photos),
      photoNames: names.get(r.id) ?? [],
    })),
    total,
    limit,
    page,
  };
}

/**
 * The names of these quotes' photos that can be shown, in the order sent:
 * `<image id>.jpg`, which GET /api/products/quotes-img/{name} serves to staff
 * (the spec's `img_url`). Photos kept as sent by older versions (HEIC) are
 * never served, so they are not named.
 */
async function photoNames(quoteIds: readonly number[]): Promise<Map<number, string[]>> {
  const names = new Map<number, string[]>();
  if (quoteIds.length === 0) return names;
  const photos = await db()
    .selectFrom("quote_images")
    .innerJoin("images", "images.id", "quote_images.image_id")
    .select(["quote_images.quote_id", "images.id"])
    .where("quote_images.quote_id", "in", [...quoteIds])
    .where("images.content_type", "=", "image/jpeg")
    .orderBy("quote_images.quote_id")
    .orderBy("quote_images.sort_order")
    .execute();
  for (const photo of photos) {
    const list = names.get(photo.quote_id) ?? [];
    list.push(`${photo.id}.jpg`);
    names.set(photo.quote_id, list);
  }
  return names;
}

/** One quote with its photos (ids, type, the file name of those that can be shown), for staff. */
export async function getQuote(id: number) {
  if (!Number.isSafeInteger(id) || id < 1) return undefined;
  const quote = await db()
    .selectFrom("quotes")
    .select(QUOTE_COLUMNS)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!quote) return undefined;
  const photos = await db()
    .selectFrom("quote_images")
    .innerJoin("images", "images.id", "quote_images.image_id")
    .select([
      "images.id",
      "images.content_type",
      "images.width",
      "images.height",
      "quote_images.original_filename",
    ])
    .where("quote_images.quote_id", "=", id)
    .orderBy("quote_images.sort_order")
    .execute();
  // A photo that is not a JPEG we encoded is never shown, nor its uploader's file name.
  return {
    ...quote,
    photos: photos.map((p) =>
      p.content_type === "image/jpeg" ? p : { ...p, original_filename: null },
    ),
  };
}

/** The quote a dashboard address names (its id as the route got it); a 404 when there is none. */
export async function requireQuote(idParam: string | undefined) {
  const quote = await getQuote(requireId(idParam, "Quote not found"));
  if (!quote) throw new Response("Quote not found", { status: 404 });
  return quote;
}

/** A quote photo's bytes, for signed-in staff only (the route checks). */
export async function getQuotePhoto(imageId: string) {
  if (!/^[0-9a-f]{64}$/.test(imageId)) return undefined;
  return db()
    .selectFrom("images")
    .innerJoin("quote_images", "quote_images.image_id", "images.id")
    .select(["images.id", "images.content_type", "images.bytes"])
    .where("images.id", "=", imageId)
    .executeTakeFirst();
}

/**
 * Deletes a quote that has not been answered, with its photos (photos that
 * nothing else uses). Returns false when there is no such quote.
 */
export async function deleteUnansweredQuote(id: number): Promise<boolean> {
  if (!Number.isSafeInteger(id) || id < 1) return false;
  return db()
    .transaction()
    .execute(async (trx) => {
      const photos = await trx
        .selectFrom("quote_images")
        .select("image_id")
        .where("quote_id", "=", id)
        .execute();
      const deleted = await trx
        .deleteFrom("quotes")
        .where("id", "=", id)
        .where("responded", "=", "no")
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) return false;
      await deleteUnusedImages(
        trx,
        photos.map((p) => p.image_id),
      );
      return true;
    });
}
