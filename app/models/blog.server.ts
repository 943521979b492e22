import { blogArticles } from "~/content/blog";
import type { BlogArticle } from "~/content/types";
import { truncate } from "~/lib/text";

/** Blog cards cut the description to 100 characters (docs/rules.md#lists-and-paging). */
const BLOG_CARD_DESCRIPTION_LENGTH = 100;

export function listBlogCards(limit?: number) {
  return blogArticles.slice(0, limit).map((a) => ({
    title: a.title,
    description: truncate(a.description, BLOG_CARD_DESCRIPTION_LENGTH),
    img: a.img,
    date: a.date,
  }));
}

/** An article by its title (as the spec's ?title= links carry it) or its slug. */
export function findBlogArticle(title: string): BlogArticle | undefined {
  const wanted = title.trim().toLowerCase();
  return blogArticles.find((a) => a.title.toLowerCase() === wanted || a.slug === wanted);
}
