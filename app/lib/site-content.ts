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

export type ContentField = "title" | "body" | "place" | "service" | "rating";
export type ContentFields = Pick<ContentItem, "title" | "body" | "place" | "service" | "rating">;

/** "#AcmeClears" (a leading # added if left out); "" to show none; null when it is not a hashtag. */
export function normaliseHashtag(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === "") return "";
  const tag = trimmed.startsWith("#") ? trimmed : `#${trimmed}`;
  return /^#[\p{L}\p{N}_]{1,40}$/u.test(tag) ? tag : null;
}
