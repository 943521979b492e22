import crypto from "node:crypto";
import type { Transaction } from "kysely";
import type { ProcessedImage, StoredPhoto } from "~/services/images.server";
import { db, type DB } from "~/services/db.server";

/** Images live in the database, content-addressed by the sha256 of their bytes. */

function imageId(bytes: Uint8Array): string {
  return crypto.createHash("sha256").update(bytes).digest("hex");
}

interface ImageToStore {
  bytes: Buffer;
  contentType: string;
  width: number | null;
  height: number | null;
}

async function insertImage(trx: Transaction<DB>, image: ImageToStore, originalId: string | null) {
  const id = imageId(image.bytes);
  await trx
    .insertInto("images")
    .values({
      id,
      content_type: image.contentType,
      width: image.width,
      height: image.height,
      byte_size: image.bytes.byteLength,
      bytes: image.bytes,
      original_id: originalId === id ? null : originalId,
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  return id;
}

/** Stores an original and its variants; returns the original's id. Use inside the caller's transaction. */
export async function saveProcessedImage(
  trx: Transaction<DB>,
  processed: ProcessedImage,
): Promise<string> {
  const originalId = await insertImage(trx, processed.original, null);
  for (const variant of processed.variants) await insertImage(trx, variant, originalId);
  return originalId;
}

const IMAGE_ID = /^[0-9a-f]{64}$/;

/**
 * A product picture or one of its variants, for anyone. Quote photos share
 * the table but are never returned here: they are for signed-in staff only.
 */
export async function getPublicImage(id: string) {
  if (!IMAGE_ID.test(id)) return undefined;
  return db()
    .selectFrom("images")
    .select(["id", "content_type", "bytes", "byte_size"])
    .where("id", "=", id)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom("products")
            .select("products.id")
            .whereRef("products.image_id", "=", "images.id"),
        ),
        eb.exists(
          eb
            .selectFrom("products")
            .select("products.id")
            .whereRef("products.image_id", "=", "images.original_id"),
        ),
        eb.exists(
          eb
            .selectFrom("order_items")
            .select("order_items.id")
            .whereRef("order_items.image_id", "=", "images.id"),
        ),
      ]),
    )
    .executeTakeFirst();
}

/** Stores a customer's quote photo (private: never returned by getPublicImage). */
export async function saveQuotePhoto(trx: Transaction<DB>, photo: StoredPhoto): Promise<string> {
  return insertImage(trx, photo, null);
}

/** The WebP variants of an original, narrowest first, for srcset. */
export async function listImageVariants(originalIds: readonly string[]) {
  if (originalIds.length === 0) return [];
  return db()
    .selectFrom("images")
    .select(["id", "original_id", "width", "height"])
    .where("original_id", "in", originalIds)
    .where("content_type", "=", "image/webp")
    .orderBy("width")
    .execute();
}

/**
 * Deletes an image and its variants when no product, order line or quote
 * uses it or one of its variants (content addressing lets two uploads share
 * bytes, and orders keep the picture they were placed with). Use inside the
 * caller's transaction; returns whether it was deleted.
 */
export async function deleteImageIfUnused(trx: Transaction<DB>, id: string): Promise<boolean> {
  const family = trx
    .selectFrom("images")
    .select("id")
    .where((eb) => eb.or([eb("id", "=", id), eb("original_id", "=", id)]));
  const result = await trx
    .deleteFrom("images")
    .where("id", "=", id)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("products")
            .select("products.id")
            .where("products.image_id", "in", family)
            .unionAll(
              selectFrom("order_items")
                .select("order_items.id")
                .where("order_items.image_id", "in", family),
            )
            .unionAll(
              selectFrom("quote_images")
                .select("quote_images.id")
                .where("quote_images.image_id", "in", family),
            ),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
