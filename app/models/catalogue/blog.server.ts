import { blogArticles } from "~/content/blog";
import type { BlogArticle } from "~/content/types";
import { truncate } from "~/lib/text";

/** Blog cards cut the description to 100 characters (docs/rules.md#lists-and-paging). */
const BLOG_CARD_DESCRIPTION_LENGTH = 100;

// The articles are part of the code: their cards are made once, when the server starts.
const blogCards = blogArticles.map((a) => ({
  title: a.title,
  description: truncate(a.description, BLOG_CARD_DESCRIPTION_LENGTH),
  img: a.img,
  date: a.date,
}));

export function listBlogCards(limit?: number) {
  return blogCards.slice(0, limit);
}

/** An article by its title (as the spec's ?title= links carry it) or its slug. */
export function findBlogArticle(title: string): BlogArticle | undefined {
  const wanted = title.trim().toLowerCase();
  return blogArticles.find((a) => a.title.toLowerCase() === wanted || a.slug === wanted);
}
