import { z } from "zod";
import { BLOG_MESSAGES, type BlogPostField, type BlogPostFields } from "./blog-post";
import { isIsoDay } from "./calendar";
import { checkFields, formLimits, type FieldLimits } from "./forms";

/**
 * What staff may save as a blog post (docs/rules.md#content), by zod; server only, so the pages
 * carry no zod (app/lib/blog-post.ts has what they need).
 */

const M = BLOG_MESSAGES;

/** Text on one line: trimmed, inner white space made one space. */
const line = (max: number, message: string) =>
  z
    .string()
    .transform((text) => text.trim().replace(/\s+/g, " "))
    .pipe(z.string().min(1, message).max(max, message));

/** The post's schema; `today` (a London day) is the latest date it may carry. */
function blogPostSchema(today: string) {
  return z.object({
    title: line(100, M.title),
    summary: line(300, M.summary),
    body: z
      .string()
      // Line ends as Markdown reads them; trailing space at the ends of the whole trimmed.
      .transform((text) => text.replace(/\r\n?/g, "\n").trim())
      .pipe(z.string().min(1, M.body).max(20_000, M.body)),
    published_on: z
      .string()
      .trim()
      .refine((day) => isIsoDay(day) && day <= today, M.date),
  });
}

/** The form's limits, for the page (maxlength and the like). */
export const BLOG_POST_LIMITS: Partial<Record<BlogPostField, FieldLimits>> = formLimits(
  blogPostSchema("9999-12-31"),
);

export type BlogPostCheck =
  | { ok: true; fields: BlogPostFields }
  | { ok: false; errors: Partial<Record<BlogPostField, string>> };

/** What staff may save as a post, dated no later than `today`. */
export function checkBlogPost(
  values: Readonly<Record<string, unknown>>,
  today: string,
): BlogPostCheck {
  const checked = checkFields(blogPostSchema(today), values);
  if (Object.keys(checked.errors).length > 0) return { ok: false, errors: checked.errors };
  const v = checked.values as BlogPostFields;
  return {
    ok: true,
    fields: { title: v.title, summary: v.summary, body: v.body, published_on: v.published_on },
  };
}
