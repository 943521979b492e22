import { TIP_RUN_FIELDS } from "~/lib/tip-run";
import { db } from "~/services/db.server";
import {
  checkQuotePhoto,
  encodeQuotePhoto,
  isServablePhoto,
  UnsupportedImageError,
  type CheckedPhoto,
} from "~/services/images.server";
import type { FileHandler, UploadLimits } from "~/services/uploads.server";
import { deleteUnusedImages, saveQuotePhoto } from "../catalogue/image.server";

/**
 * The weighbridge ticket's photo of a tip run (docs/rules.md#tip-runs): taken once the load is
 * recorded, on the load's own page, so a refused photo loses nothing else typed. Checked and
 * stored as the crew's job photos are (a JPEG we encode, its location data gone); a new photo
 * replaces the last, which is deleted when nothing else uses it. Staff only.
 */

export const TICKET_UPLOAD_LIMITS: UploadLimits = {
  maxFileSize: 15 * 1024 * 1024,
  maxFiles: 1,
  maxTotalBytes: 16 * 1024 * 1024,
  fileFields: [TIP_RUN_FIELDS.ticketPhoto],
};

export const TICKET_MESSAGES = {
  none: "Choose or take a photo of the weighbridge ticket",
  saved: "The ticket's photo is kept with the load.",
} as const;

export type ReceivedTicket = { photo: CheckedPhoto } | { error: string };

/** receiveUpload's file handler: the photo's header is checked as it arrives. */
export const ticketPhotoReceiver: FileHandler<ReceivedTicket> = async (file) => {
  try {
    return { photo: await checkQuotePhoto(file.bytes, file.name) };
  } catch (error) {
    if (!(error instanceof UnsupportedImageError)) throw error;
    return { error: error.message };
  }
};

/** Keeps the photo as the run's ticket; false with why when there is none that can be kept. */
export async function saveTicketPhoto(
  tipRunId: number,
  received: readonly ReceivedTicket[],
): Promise<{ ok: true } | { ok: false; status: 400 | 404; message: string }> {
  const [first] = received;
  if (!first) return { ok: false, status: 400, message: TICKET_MESSAGES.none };
  if ("error" in first) return { ok: false, status: 400, message: first.error };
  const stored = await encodeQuotePhoto(first.photo);
  return db()
    .transaction()
    .execute(async (trx) => {
      const run = await trx
        .selectFrom("tip_runs")
        .select("ticket_image_id")
        .where("id", "=", tipRunId)
        .executeTakeFirst();
      if (!run) return { ok: false as const, status: 404 as const, message: "Tip run not found" };
      const imageId = await saveQuotePhoto(trx, stored);
      await trx
        .updateTable("tip_runs")
        .set({ ticket_image_id: imageId })
        .where("id", "=", tipRunId)
        .execute();
      if (run.ticket_image_id && run.ticket_image_id !== imageId)
        await deleteUnusedImages(trx, [run.ticket_image_id]);
      return { ok: true as const };
    });
}

/** The run's ticket photo as JPEG bytes, or undefined. */
export async function ticketPhoto(tipRunId: number): Promise<Buffer | undefined> {
  const row = await db()
    .selectFrom("tip_runs")
    .innerJoin("images", "images.id", "tip_runs.ticket_image_id")
    .select(["images.content_type", "images.bytes"])
    .where("tip_runs.id", "=", tipRunId)
    .executeTakeFirst();
  return row && isServablePhoto(row.content_type, row.bytes) ? row.bytes : undefined;
}
