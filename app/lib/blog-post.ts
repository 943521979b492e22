/**
 * Blog posts as staff keep them (docs/rules.md#content): the words, the pages' card and the
 * messages. The spec's ten articles are demo posts, seeded only with SEED_DEMO and marked as such.
 * The rules that check a post are in blog-post-rules.server.ts (zod stays off the pages).
 */

/** What a blog card shows: the summary already cut to the card's length. */
export interface BlogCardData {
  title: string;
  description: string;
  img: string;
  date: string;
}

/** A post as the dashboard lists and edits it. */
export interface BlogPost {
  id: number;
  slug: string;
  title: string;
  summary: string;
  /** Markdown */
  body: string;
  /** YYYY-MM-DD */
  publishedOn: string;
  /** the picture's address on the site ("" when it has none) */
  picture: string;
  /** an uploaded picture (not a drawing the shop carries) */
  uploadedPicture: boolean;
  demo: boolean;
}

/** An article as /blog?title= shows it: its body already rendered from Markdown. */
export interface BlogArticleView {
  title: string;
  summary: string;
  date: string;
  img: string;
  html: string;
}

export type BlogPostField = "title" | "summary" | "body" | "published_on";

export interface BlogPostFields {
  title: string;
  summary: string;
  body: string;
  published_on: string;
}

export const BLOG_MESSAGES = {
  title: "Enter a title, up to 100 characters.",
  titleTaken: "Another post has this title: choose another (the blog finds posts by their title).",
  summary: "Enter a summary for the blog's cards, up to 300 characters.",
  body: "Write the post, up to 20,000 characters.",
  date: "Enter the day the post is dated, no later than today.",
  pictureMissing: "Choose a picture to upload: a JPEG, PNG or SVG file.",
} as const;

/** "What Happens to Your Sofa?" → "what-happens-to-your-sofa" (letters and digits, joined by -). */
export function slugOf(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return slug || "post";
}
