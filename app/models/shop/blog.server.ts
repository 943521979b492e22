import type { Transaction } from "kysely";
import {
  BLOG_MESSAGES,
  slugOf,
  type BlogArticleView,
  type BlogCardData,
  type BlogPost,
  type BlogPostField,
  type BlogPostFields,
} from "~/lib/blog-post";
import { renderMarkdown } from "~/lib/markdown.server";
import { truncate } from "~/lib/text";
import { DEMO_BLOG_POSTS } from "~/seed/demo-blog";
import { countRows, db, type DB } from "~/services/db.server";
import { isUniqueViolation } from "~/services/dialect.server";
import type { ProcessedImage } from "~/services/images.server";
import { PRODUCT_MESSAGES } from "~/lib/messages";
import { receiveUpload, type UploadLimits } from "~/services/uploads.server";
import { deleteUnusedImages, saveProcessedImage } from "../catalogue/image.server";
import { PRODUCT_UPLOAD_LIMITS, receiveProductImage } from "../catalogue/product-form.server";

/**
 * The blog's posts as staff keep them (docs/rules.md#content): Markdown rendered on the server
 * (app/lib/markdown.server.ts), a picture uploaded like a product's or, for the demo posts, a
 * drawing the shop carries. A change moves the shared pages on by trigger (migration 0020).
 */

/** Blog cards cut the summary to 100 characters (docs/rules.md#lists-and-paging). */
const BLOG_CARD_DESCRIPTION_LENGTH = 100;

/** The middle WebP width of an uploaded picture: enough for a card and the article. */
const ARTICLE_PICTURE_WIDTH = 960;

const COLUMNS = [
  "id",
  "slug",
  "title",
  "summary",
  "body",
  "published_on",
  "image_id",
  "illustration",
  "demo",
] as const;

interface Row {
  id: number;
  slug: string;
  title: string;
  summary: string;
  body: string;
  published_on: string;
  image_id: string | null;
  illustration: string | null;
  demo: number;
}

const pictureUrl = (id: string) => `/api/products/image/${id}`;

/** Each uploaded picture's address: its widest WebP up to the article's width, else the original. */
async function picturesOf(rows: readonly Row[]): Promise<Map<string, string>> {
  const ids = rows.flatMap((row) => (row.image_id ? [row.image_id] : []));
  const pictures = new Map(ids.map((id) => [id, pictureUrl(id)]));
  if (ids.length === 0) return pictures;
  const variants = await db()
    .selectFrom("images")
    .select(["id", "original_id"])
    .where("original_id", "in", ids)
    .where("content_type", "=", "image/webp")
    .where("width", "<=", ARTICLE_PICTURE_WIDTH)
    .orderBy("width")
    .execute();
  for (const variant of variants)
    if (variant.original_id) pictures.set(variant.original_id, pictureUrl(variant.id));
  return pictures;
}

async function postsOf(rows: readonly Row[]): Promise<BlogPost[]> {
  const pictures = await picturesOf(rows);
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    body: row.body,
    publishedOn: row.published_on,
    picture: row.image_id ? pictures.get(row.image_id)! : (row.illustration ?? ""),
    uploadedPicture: row.image_id !== null,
    demo: row.demo === 1,
  }));
}

/** Every post, newest first (the blog's order and the dashboard's). */
export async function listBlogPosts(limit?: number): Promise<BlogPost[]> {
  let query = db()
    .selectFrom("blog_posts")
    .select(COLUMNS)
    .orderBy("published_on", "desc")
    .orderBy("id");
  if (limit !== undefined) query = query.limit(limit);
  return postsOf(await query.execute());
}

/** The blog's cards, newest first: /blog lists them all, the home page the first few. */
export async function listBlogCards(limit?: number): Promise<BlogCardData[]> {
  return (await listBlogPosts(limit)).map((post) => ({
    title: post.title,
    description: truncate(post.summary, BLOG_CARD_DESCRIPTION_LENGTH),
    img: post.picture,
    date: post.publishedOn,
  }));
}

export async function blogPost(id: number): Promise<BlogPost | undefined> {
  const row = await db()
    .selectFrom("blog_posts")
    .select(COLUMNS)
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? (await postsOf([row]))[0] : undefined;
}

/** An article by its title, whatever its case (as the spec's ?title= links carry it), or its slug. */
export async function findBlogArticle(title: string): Promise<BlogArticleView | undefined> {
  const wanted = title.trim();
  const row = await db()
    .selectFrom("blog_posts")
    .select(COLUMNS)
    .where((eb) =>
      eb.or([
        eb(eb.fn("lower", ["title"]), "=", wanted.toLowerCase()),
        eb("slug", "=", wanted.toLowerCase()),
      ]),
    )
    .orderBy("id")
    .executeTakeFirst();
  if (!row) return undefined;
  const [post] = await postsOf([row]);
  return {
    title: post!.title,
    summary: post!.summary,
    date: post!.publishedOn,
    img: post!.picture,
    html: renderMarkdown(post!.body),
  };
}

export type BlogSave =
  | { ok: true; id: number }
  | { ok: false; errors: Partial<Record<BlogPostField, string>> }
  | { ok: false; missing: true };

/** A slug no other post has: the title's, then -2, -3… */
async function freeSlug(trx: Transaction<DB>, title: string): Promise<string> {
  const base = slugOf(title);
  const taken = new Set(
    (
      await trx
        .selectFrom("blog_posts")
        .select("slug")
        .where((eb) => eb.or([eb("slug", "=", base), eb("slug", "like", `${base}-%`)]))
        .execute()
    ).map((row) => row.slug),
  );
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!taken.has(slug)) return slug;
  }
}

/**
 * Adds a post (`id` null) or saves staff's words over one, which from then on is the business's
 * own, not demo. A title another post has (whatever its case) is refused: the blog finds posts
 * by title. The slug stays the first title's, so links already shared keep working.
 */
export async function saveBlogPost(id: number | null, fields: BlogPostFields): Promise<BlogSave> {
  try {
    return await db()
      .transaction()
      .execute(async (trx): Promise<BlogSave> => {
        if (id === null) {
          const row = await trx
            .insertInto("blog_posts")
            .values({ ...fields, slug: await freeSlug(trx, fields.title), demo: 0 })
            .returning("id")
            .executeTakeFirstOrThrow();
          return { ok: true, id: row.id };
        }
        const result = await trx
          .updateTable("blog_posts")
          .set({ ...fields, demo: 0, updated_at: new Date().toISOString() })
          .where("id", "=", id)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) > 0 ? { ok: true, id } : { ok: false, missing: true };
      });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, errors: { title: BLOG_MESSAGES.titleTaken } };
    throw error;
  }
}

/**
 * Gives a post an uploaded picture, or (null) takes its picture off; the one it had is deleted
 * unless something else uses it. False when there is no such post.
 */
export async function setBlogPostPicture(
  id: number,
  image: ProcessedImage | null,
): Promise<boolean> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const before = await trx
        .selectFrom("blog_posts")
        .select("image_id")
        .where("id", "=", id)
        .executeTakeFirst();
      if (!before) return false;
      const imageId = image ? await saveProcessedImage(trx, image) : null;
      await trx
        .updateTable("blog_posts")
        .set({ image_id: imageId, illustration: null, updated_at: new Date().toISOString() })
        .where("id", "=", id)
        .execute();
      if (before.image_id && before.image_id !== imageId)
        await deleteUnusedImages(trx, [before.image_id]);
      return true;
    });
}

const PICTURE_UPLOAD_LIMITS: UploadLimits = {
  ...PRODUCT_UPLOAD_LIMITS,
  maxFiles: 1,
  maxTotalBytes: PRODUCT_UPLOAD_LIMITS.maxFileSize + 64 * 1024,
  fileFields: ["picture"],
  messages: { ...PRODUCT_UPLOAD_LIMITS.messages, tooManyFiles: PRODUCT_MESSAGES.imageType },
};

/** The post's picture form (multipart): the picture saved, or why not, in staff's words. */
export async function receiveBlogPicture(
  id: number,
  request: Request,
): Promise<{ ok: true } | { ok: false; status: number; message: string }> {
  const upload = await receiveUpload(request, PICTURE_UPLOAD_LIMITS, receiveProductImage);
  if (!upload.ok) return upload;
  const [received] = upload.files;
  if (!received) return { ok: false, status: 400, message: BLOG_MESSAGES.pictureMissing };
  if ("error" in received) return { ok: false, status: 400, message: received.error };
  if (!(await setBlogPostPicture(id, received.image)))
    return { ok: false, status: 404, message: "No such post." };
  return { ok: true };
}

/** Deletes a post, and its uploaded picture unless something else uses it. */
export async function deleteBlogPost(id: number): Promise<boolean> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const deleted = await trx
        .deleteFrom("blog_posts")
        .where("id", "=", id)
        .returning("image_id")
        .executeTakeFirst();
      if (deleted?.image_id) await deleteUnusedImages(trx, [deleted.image_id]);
      return deleted !== undefined;
    });
}

/** How many demo posts are left. */
export async function demoBlogPostCount(): Promise<number> {
  return countRows(db().selectFrom("blog_posts").where("demo", "=", 1));
}

/** Removes the demo posts (they carry drawings, no uploaded pictures); the business's own stay. */
export async function removeDemoBlogPosts(trx: Transaction<DB>): Promise<number> {
  const result = await trx.deleteFrom("blog_posts").where("demo", "=", 1).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A new demo shop's posts (SEED_DEMO), marked demo: each paragraph a Markdown paragraph. */
export async function seedDemoBlogPosts(trx: Transaction<DB>): Promise<void> {
  for (const post of DEMO_BLOG_POSTS)
    await trx
      .insertInto("blog_posts")
      .values({
        slug: post.slug,
        title: post.title,
        summary: post.description,
        body: post.body.join("\n\n"),
        published_on: post.date,
        illustration: post.img,
        demo: 1,
      })
      .execute();
}
