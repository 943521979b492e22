/**
 * The shop's own words that staff keep (docs/rules.md#content): the home page's headline figures,
 * customers' reviews, reasons to choose the business, how booking works and the FAQ, and the social
 * hashtag. The spec's examples are demo content, seeded only with SEED_DEMO and marked as such; a
 * shop without them shows none of them.
 */

export const CONTENT_KINDS = ["claim", "testimonial", "reason", "service", "step", "faq"] as const;
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
  /** a review's stars, 1 to 5 (null for anything else) */
  rating: number | null;
  /** a reason's icon (REASON_ICONS) or a service's drawing (SERVICE_DRAWINGS); "" for anything else */
  icon: string;
  /** the spec's demo content, not the business's own */
  demo: boolean;
}

/** How the dashboard names each kind. */
export const CONTENT_NAMES: Record<
  ContentKind,
  { plural: string; one: string; hint: string; shownOn: string }
> = {
  claim: {
    plural: "Headline figures",
    one: "headline figure",
    shownOn: "the home page",
    hint: "Shown beside the home page's headline, such as 2,000+ reviews. Only your own, true figures: they are claims about your business.",
  },
  testimonial: {
    plural: "Customer reviews",
    one: "customer review",
    shownOn: "the home page",
    hint: "Shown on the home page. Only real reviews, with the customer's agreement: publishing invented or paid-for reviews is unlawful in the UK.",
  },
  reason: {
    plural: "Reasons to choose you",
    one: "reason",
    shownOn: "the home page",
    hint: "Shown on the home page, the first three also under its headline. Each is a promise to your customers: keep only what you really do.",
  },
  service: {
    plural: "Services",
    one: "service",
    shownOn: "the home page",
    hint: "The kinds of collection you offer, each with one of the shop's drawings, on the home page.",
  },
  step: {
    plural: "How booking works",
    one: "step",
    shownOn: "the home page",
    hint: "The steps from choosing to collection, in order, on the home page.",
  },
  faq: {
    plural: "Questions and answers",
    one: "question",
    shownOn: "the FAQ",
    hint: "The FAQ, opened from every page. The answer about cancelling and changing a booking follows your terms and is added after these.",
  },
};

/** The icons a reason may show (components/icons.tsx draws them), with their names for staff. */
export const REASON_ICONS = {
  "check-circle": "Tick",
  clock: "Clock",
  calendar: "Calendar",
  leaf: "Leaf",
  recycle: "Recycling",
  refresh: "Reuse",
  shield: "Shield",
  tag: "Price tag",
  "credit-card": "Card",
  headset: "Headset",
  door: "Door",
  lift: "Lifting",
  tools: "Tools",
  briefcase: "Briefcase",
} as const;

export type ReasonIcon = keyof typeof REASON_ICONS;

/** The drawings a service may show (public/illustrations/services), with their names for staff. */
export const SERVICE_DRAWINGS = {
  "sofa-and-chair-removal": "Sofa and chair",
  "furniture-removal": "Furniture",
  "garden-waste-removal": "Garden",
  "office-removal": "Office",
  "home-removal": "Home",
  "appliance-removal": "Appliance",
  "fridge-removal": "Fridge",
  "electronic-removal": "Electronics",
  "old-batteries-removal": "Batteries",
  "mattress-removal": "Mattress",
} as const;

export function isServiceDrawing(value: unknown): value is keyof typeof SERVICE_DRAWINGS {
  return typeof value === "string" && Object.hasOwn(SERVICE_DRAWINGS, value);
}

/** A service's drawing as the page loads it. */
export const serviceDrawingUrl = (key: string) => `/illustrations/services/${key}.svg`;

export function isReasonIcon(value: unknown): value is ReasonIcon {
  return typeof value === "string" && Object.hasOwn(REASON_ICONS, value);
}

export const CONTENT_MESSAGES = {
  figure: "Enter the figure, such as 2,000+ or 4.9/5, up to 20 characters.",
  counts: "Say what the figure counts, such as reviews, up to 40 characters.",
  name: "Enter the customer's name as they agreed to show it, up to 80 characters.",
  words: "Enter the customer's words, up to 1,000 characters.",
  place: "Shorten the place to 80 characters.",
  service: "Shorten what was collected to 80 characters.",
  rating: "Choose from 1 to 5 stars.",
  reasonTitle: "Enter the reason in a few words, up to 60 characters.",
  reasonBody: "Say more about it, up to 600 characters.",
  icon: "Choose one of the icons.",
  serviceTitle: "Enter the service's name, up to 40 characters.",
  caption: "Shorten the caption to 160 characters.",
  drawing: "Choose one of the drawings.",
  headline: "Enter the headline, up to 80 characters.",
  lead: "Enter the line under the headline, up to 300 characters.",
  stepTitle: "Enter the step in a few words, up to 60 characters.",
  stepBody: "Say what happens, up to 400 characters.",
  question: "Enter the question, up to 80 characters.",
  answer: "Enter the answer, up to 1,000 characters.",
  hashtag: "Enter a hashtag such as #AcmeClears: # then up to 40 letters, digits or underscores.",
} as const;

export type ContentField = "title" | "body" | "place" | "service" | "rating" | "icon";
export type ContentFields = Pick<
  ContentItem,
  "title" | "body" | "place" | "service" | "rating" | "icon"
>;

/** The home page's headline and the line under it (Content); the shop's own words until staff save theirs. */
export interface HeroWords {
  headline: string;
  lead: string;
}

export const DEFAULT_HERO_WORDS: HeroWords = {
  headline: "Rubbish and junk removal, booked in minutes",
  lead: "Pick the items you want gone, choose a collection date and pay online, or send photos for a quote.",
};

/** "#AcmeClears" (a leading # added if left out); "" to show none; null when it is not a hashtag. */
export function normaliseHashtag(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === "") return "";
  const tag = trimmed.startsWith("#") ? trimmed : `#${trimmed}`;
  return /^#[\p{L}\p{N}_]{1,40}$/u.test(tag) ? tag : null;
}
