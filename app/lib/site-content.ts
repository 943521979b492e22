import { z } from "zod";
import { wholeNumber } from "./form-rules";
import { checkFields, formLimits, type FieldLimits } from "./forms";

/**
 * The shop's own words that staff keep (docs/rules.md#content): the home page's headline figures
 * and customers' reviews, and the social hashtag. The spec's examples are demo content, seeded only
 * with SEED_DEMO and marked as such; a shop without them shows no figure and no review.
 */

export const CONTENT_KINDS = ["claim", "testimonial"] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

export function isContentKind(value: unknown): value is ContentKind {
  return CONTENT_KINDS.includes(value as ContentKind);
}

/** One figure or review as the pages show it. */
export interface ContentItem {
  id: number;
  kind: ContentKind;
  /** a figure ("13,000+") or the customer's name */
  title: string;
  /** what the figure counts ("reviews") or the customer's words */
  body: string;
  /** where the customer lives ("" for a figure) */
  place: string;
  /** what was collected ("" for a figure) */
  service: string;
  /** a review's stars, 1 to 5 (null for a figure) */
  rating: number | null;
  /** the spec's demo content, not the business's own */
  demo: boolean;
}

/** How the dashboard names each kind. */
export const CONTENT_NAMES: Record<ContentKind, { plural: string; one: string; hint: string }> = {
  claim: {
    plural: "Headline figures",
    one: "headline figure",
    hint: "Shown beside the home page's headline, such as 2,000+ reviews. Only your own, true figures: they are claims about your business.",
  },
  testimonial: {
    plural: "Customer reviews",
    one: "customer review",
    hint: "Shown on the home page. Only real reviews, with the customer's agreement: publishing invented or paid-for reviews is unlawful in the UK.",
  },
};

export const CONTENT_MESSAGES = {
  figure: "Enter the figure, such as 2,000+ or 4.9/5, up to 20 characters.",
  counts: "Say what the figure counts, such as reviews, up to 40 characters.",
  name: "Enter the customer's name as they agreed to show it, up to 80 characters.",
  words: "Enter the customer's words, up to 1,000 characters.",
  place: "Shorten the place to 80 characters.",
  service: "Shorten what was collected to 80 characters.",
  rating: "Choose from 1 to 5 stars.",
  hashtag: "Enter a hashtag such as #AcmeClears: # then up to 40 letters, digits or underscores.",
} as const;

const M = CONTENT_MESSAGES;

/** Text on one line: trimmed, inner white space made one space. */
const line = (min: number, max: number, message: string) =>
  z
    .string()
    .transform((text) => text.trim().replace(/\s+/g, " "))
    .pipe(z.string().min(min, message).max(max, message));

const claimSchema = z.object({
  title: line(1, 20, M.figure),
  body: line(1, 40, M.counts),
});

const testimonialSchema = z.object({
  title: line(1, 80, M.name),
  body: z
    .string()
    .transform((text) => text.trim())
    .pipe(z.string().min(1, M.words).max(1000, M.words)),
  place: line(0, 80, M.place),
  service: line(0, 80, M.service),
  rating: wholeNumber(
    { min: 1, max: 5, digits: 1 },
    { missing: M.rating, notWhole: M.rating, outOfRange: M.rating },
  ),
});

const SCHEMAS = { claim: claimSchema, testimonial: testimonialSchema } as const;

export type ContentField = "title" | "body" | "place" | "service" | "rating";
export type ContentFields = Pick<ContentItem, "title" | "body" | "place" | "service" | "rating">;

/** Each kind's form fields and their limits, for the page. */
export const CONTENT_LIMITS: Record<ContentKind, Partial<Record<ContentField, FieldLimits>>> = {
  claim: formLimits(claimSchema),
  testimonial: formLimits(testimonialSchema),
};

export type ContentCheck =
  | { ok: true; fields: ContentFields }
  | { ok: false; errors: Partial<Record<ContentField, string>> };

/** What staff may save as a figure or a review. */
export function checkContentItem(
  kind: ContentKind,
  values: Readonly<Record<string, unknown>>,
): ContentCheck {
  const checked = checkFields(SCHEMAS[kind] as z.ZodObject<z.ZodRawShape>, values);
  if (Object.keys(checked.errors).length > 0)
    return { ok: false, errors: checked.errors as Partial<Record<ContentField, string>> };
  const v = checked.values as Partial<Record<ContentField, unknown>>;
  return {
    ok: true,
    fields: {
      title: String(v.title),
      body: String(v.body),
      place: typeof v.place === "string" ? v.place : "",
      service: typeof v.service === "string" ? v.service : "",
      rating: kind === "testimonial" ? Number(v.rating) : null,
    },
  };
}

/** "#AcmeClears" (a leading # added if left out); "" to show none; null when it is not a hashtag. */
export function normaliseHashtag(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === "") return "";
  const tag = trimmed.startsWith("#") ? trimmed : `#${trimmed}`;
  return /^#[\p{L}\p{N}_]{1,40}$/u.test(tag) ? tag : null;
}
