import crypto from "node:crypto";
import { sql, type Transaction } from "kysely";
import type { ProcessedImage, StoredPhoto } from "~/services/images.server";
import { db, type DB } from "~/services/db.server";
import { BUSINESS_PROFILE_SETTING } from "~/lib/business-profile";

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

/** The business's details name their logo as `"logoImageId":"<id>"` (ids are hex: no LIKE wildcard). */
const logoReference = (id: string) => `%"logoImageId":"${id}"%`;

/**
 * A product's, a blog post's or the logo's picture or one of its variants, for anyone. Quote photos share
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
        // A blog post's picture, or one of its variants.
        eb.exists(
          eb
            .selectFrom("blog_posts")
            .select("blog_posts.id")
            .where((inner) =>
              inner.or([
                inner("blog_posts.image_id", "=", inner.ref("images.id")),
                inner("blog_posts.image_id", "=", inner.ref("images.original_id")),
              ]),
            ),
        ),
        // The business's logo (Settings), shown in the header to everyone.
        eb.exists(
          eb
            .selectFrom("settings")
            .select("settings.key")
            .where("settings.key", "=", BUSINESS_PROFILE_SETTING)
            .where("settings.value", "like", logoReference(id)),
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

/** The tables whose rows use an image by its id, and the column (the logo is named in a setting). */
const IMAGE_USERS = [
  ["products", "image_id"],
  ["order_items", "image_id"],
  ["quote_images", "image_id"],
  ["job_photos", "image_id"],
  ["pending_uploads", "image_id"],
  ["blog_posts", "image_id"],
  ["tip_runs", "ticket_image_id"],
] as const;

/**
 * Deletes the images among `ids` that nothing uses any more, each with its
 * whole family: the original and every variant (product pictures have WebP
 * variants; a quote photo may share its bytes, so its row, with a product
 * picture). A family is kept while any member is used by a product, an order
 * line (orders keep the picture they were placed with), a quote, a job's photos, a photo kept
 * for a form that came back (pending_uploads), a blog post, a tip run's ticket or the business's logo, because
 * content addressing lets two uploads share an image. Use inside the
 * caller's transaction, after removing its own references; returns how many
 * image rows were deleted.
 */
export async function deleteUnusedImages(
  trx: Transaction<DB>,
  ids: readonly string[],
): Promise<number> {
  let deleted = 0;
  for (const id of new Set(ids)) {
    const image = await trx
      .selectFrom("images")
      .select(["id", "original_id"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!image) continue;
    const root = image.original_id ?? image.id;
    const family = trx
      .selectFrom("images")
      .select("id")
      .where((eb) => eb.or([eb("id", "=", root), eb("original_id", "=", root)]));
    const logo = trx
      .selectFrom("settings")
      .select(sql<number>`1`.as("one"))
      .where("key", "=", BUSINESS_PROFILE_SETTING)
      .where("value", "like", logoReference(root));
    const used = await IMAGE_USERS.map(([table, column]) =>
      trx
        .selectFrom(table)
        .select(sql<number>`1`.as("one"))
        .where(sql.ref(`${table}.${column}`), "in", family),
    )
      .reduce((all, uses) => all.unionAll(uses), logo)
      .limit(1)
      .executeTakeFirst();
    if (used) continue;
    const result = await trx
      .deleteFrom("images")
      .where((eb) => eb.or([eb("id", "=", root), eb("original_id", "=", root)]))
      .executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  return deleted;
}
