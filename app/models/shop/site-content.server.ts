import {
  CONTENT_KINDS,
  DEFAULT_HERO_WORDS,
  type ContentFields,
  type HeroWords,
  type ContentItem,
  type ContentKind,
} from "~/lib/site-content";
import { cancellationQuestion, type FaqEntry } from "~/lib/faq";
import type { VatStatus } from "~/lib/vat";
import { DEMO_CONTENT, DEMO_HASHTAG } from "~/seed/demo-content";
import { countRows, db } from "~/services/db.server";
import { demoBlogPostCount, removeDemoBlogPosts, seedDemoBlogPosts } from "./blog.server";
import { getSetting, setSetting } from "./settings.server";
import { moveSharedPagesOn } from "./shared-pages.server";

/**
 * The home page's headline figures, customers' reviews, reasons and steps, the FAQ's questions,
 * and the social hashtag, as staff keep them (docs/rules.md#content). A change to the table moves the shared pages on by trigger
 * (migration 0019); the hashtag, a setting, moves them on itself.
 */

export const HASHTAG_SETTING = "social_hashtag";
export const HERO_SETTING = "hero_words";

/** A row as stored: `demo` is 0 or 1. */
type Row = Omit<ContentItem, "demo"> & { demo: number };

const itemOf = (row: Row): ContentItem => ({ ...row, demo: row.demo === 1 });

const COLUMNS = [
  "id",
  "kind",
  "title",
  "body",
  "place",
  "service",
  "rating",
  "icon",
  "demo",
] as const;

/** Every kind's items in the order staff set, in one read (the dashboard's Content page). */
export async function listAllContent(): Promise<Record<ContentKind, ContentItem[]>> {
  const rows = await db()
    .selectFrom("site_content")
    .select(COLUMNS)
    .orderBy("kind")
    .orderBy("sort_order")
    .orderBy("id")
    .execute();
  const lists = Object.fromEntries(CONTENT_KINDS.map((kind) => [kind, [] as ContentItem[]]));
  for (const row of rows) lists[row.kind]!.push(itemOf(row));
  return lists as Record<ContentKind, ContentItem[]>;
}

/** One kind's items in the order staff set. */
export async function listContent(kind: ContentKind): Promise<ContentItem[]> {
  const rows = await db()
    .selectFrom("site_content")
    .select(COLUMNS)
    .where("kind", "=", kind)
    .orderBy("sort_order")
    .orderBy("id")
    .execute();
  return rows.map(itemOf);
}

export async function contentItem(id: number): Promise<ContentItem | undefined> {
  const row = await db()
    .selectFrom("site_content")
    .select(COLUMNS)
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? itemOf(row) : undefined;
}

/** Adds a figure or review at the end of its list; the business's own, not demo. */
export async function addContentItem(kind: ContentKind, fields: ContentFields): Promise<number> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const last = await trx
        .selectFrom("site_content")
        .select((eb) => eb.fn.max("sort_order").as("sort_order"))
        .where("kind", "=", kind)
        .executeTakeFirst();
      const row = await trx
        .insertInto("site_content")
        .values({ kind, sort_order: Number(last?.sort_order ?? -1) + 1, ...fields, demo: 0 })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    });
}

/** Saves staff's words over an item: from then on it is the business's own, not demo. */
export async function updateContentItem(id: number, fields: ContentFields): Promise<boolean> {
  const result = await db()
    .updateTable("site_content")
    .set({ ...fields, demo: 0, updated_at: new Date().toISOString() })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteContentItem(id: number): Promise<boolean> {
  const result = await db().deleteFrom("site_content").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Swaps an item with the one before (up) or after (down) it in its list; false at either end. */
export async function moveContentItem(id: number, direction: "up" | "down"): Promise<boolean> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const item = await trx
        .selectFrom("site_content")
        .select(["id", "kind"])
        .where("id", "=", id)
        .executeTakeFirst();
      if (!item) return false;
      const list = await trx
        .selectFrom("site_content")
        .select("id")
        .where("kind", "=", item.kind)
        .orderBy("sort_order")
        .orderBy("id")
        .execute();
      const at = list.findIndex((row) => row.id === id);
      const to = direction === "up" ? at - 1 : at + 1;
      if (to < 0 || to >= list.length) return false;
      [list[at], list[to]] = [list[to]!, list[at]!];
      // Positions written afresh 0, 1, 2…: two items never share one, whatever came before.
      for (const [sort_order, row] of list.entries())
        await trx
          .updateTable("site_content")
          .set({ sort_order })
          .where("id", "=", row.id)
          .execute();
      return true;
    });
}

/**
 * The FAQ as the header opens it: staff's questions in their order, then the answer about
 * cancelling and changing a booking, from the shop's terms (lib/faq.ts).
 */
export async function faqEntries(vat: VatStatus): Promise<FaqEntry[]> {
  const questions = (await listContent("faq")).map((item) => ({
    question: item.title,
    answer: item.body,
  }));
  return [...questions, cancellationQuestion(vat)];
}

/** The home page's headline and its line: staff's, or the shop's own until they save theirs. */
export async function heroWords(): Promise<HeroWords> {
  const stored = await getSetting(HERO_SETTING);
  if (!stored) return DEFAULT_HERO_WORDS;
  try {
    const words = JSON.parse(stored) as Partial<HeroWords>;
    return {
      headline: words.headline || DEFAULT_HERO_WORDS.headline,
      lead: words.lead || DEFAULT_HERO_WORDS.lead,
    };
  } catch {
    return DEFAULT_HERO_WORDS;
  }
}

export async function saveHeroWords(words: HeroWords): Promise<void> {
  await saveSetting(HERO_SETTING, JSON.stringify(words));
}

/** A setting the public pages show, saved with the shared pages moved on in one transaction. */
async function saveSetting(key: string, value: string): Promise<void> {
  await db()
    .transaction()
    .execute(async (trx) => {
      await setSetting(key, value, trx);
      await moveSharedPagesOn(trx);
    });
}

/** The hashtag customers share their clear-outs with ("" when the business has none). */
export async function socialHashtag(): Promise<string> {
  return (await getSetting(HASHTAG_SETTING)) ?? "";
}

export async function saveSocialHashtag(hashtag: string): Promise<void> {
  await saveSetting(HASHTAG_SETTING, hashtag);
}

/**
 * How much demo content is left (figures, reviews, blog posts, the hashtag): what the
 * dashboard's "Remove the demo content" would take.
 */
export async function demoContentCount(): Promise<number> {
  return (
    (await countRows(db().selectFrom("site_content").where("demo", "=", 1))) +
    (await demoBlogPostCount()) +
    ((await socialHashtag()) === DEMO_HASHTAG ? 1 : 0)
  );
}

/** Removes every demo figure, review and blog post (and the demo hashtag); the business's own stay. */
export async function removeDemoContent(): Promise<number> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const result = await trx.deleteFrom("site_content").where("demo", "=", 1).executeTakeFirst();
      const posts = await removeDemoBlogPosts(trx);
      const hashtag = await trx
        .deleteFrom("settings")
        .where("key", "=", HASHTAG_SETTING)
        .where("value", "=", DEMO_HASHTAG)
        .executeTakeFirst();
      await moveSharedPagesOn(trx);
      return Number(result.numDeletedRows) + posts + Number(hashtag.numDeletedRows);
    });
}

/** A new demo shop's figures, reviews, blog posts and hashtag (SEED_DEMO), marked demo. */
export async function seedDemoContent(): Promise<void> {
  await db()
    .transaction()
    .execute(async (trx) => {
      const next = new Map<ContentKind, number>();
      for (const item of DEMO_CONTENT) {
        const sort_order = next.get(item.kind) ?? 0;
        next.set(item.kind, sort_order + 1);
        await trx
          .insertInto("site_content")
          .values({ ...item, sort_order, demo: 1 })
          .execute();
      }
      await seedDemoBlogPosts(trx);
      await trx
        .insertInto("settings")
        .values({ key: HASHTAG_SETTING, value: DEMO_HASHTAG })
        .onConflict((oc) => oc.column("key").doNothing())
        .execute();
    });
}
