import { z } from "zod";
import { wholeNumber } from "./form-rules";
import { checkFields, formLimits, type FieldLimits } from "./forms";
import {
  CONTENT_MESSAGES,
  isReasonIcon,
  isServiceDrawing,
  type ContentField,
  type ContentFields,
  type ContentKind,
  type HeroWords,
} from "./site-content";

/**
 * What staff may save as a figure, a review, a reason, a step or a question (docs/rules.md#content), by zod; server
 * only, so the pages carry no zod (app/lib/site-content.ts has what they need).
 */

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

/** Words over several lines: trimmed at the ends, line breaks kept. */
const words = (max: number, message: string) =>
  z
    .string()
    .transform((text) => text.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().min(1, message).max(max, message));

const reasonSchema = z.object({
  title: line(1, 60, M.reasonTitle),
  body: words(600, M.reasonBody),
  icon: z.string().refine(isReasonIcon, M.icon),
});

const serviceSchema = z.object({
  title: line(1, 40, M.serviceTitle),
  body: line(0, 160, M.caption),
  icon: z.string().refine(isServiceDrawing, M.drawing),
});

const stepSchema = z.object({
  title: line(1, 60, M.stepTitle),
  body: words(400, M.stepBody),
});

const faqSchema = z.object({
  title: line(1, 80, M.question),
  body: words(1000, M.answer),
});

const SCHEMAS = {
  claim: claimSchema,
  testimonial: testimonialSchema,
  reason: reasonSchema,
  service: serviceSchema,
  step: stepSchema,
  faq: faqSchema,
} as const;

const heroSchema = z.object({
  headline: line(1, 80, M.headline),
  lead: line(1, 300, M.lead),
});

export const HERO_LIMITS = formLimits(heroSchema);

/** The home page's headline and its line, as staff may save them; or each field's message. */
export function checkHeroWords(
  values: Readonly<Record<string, unknown>>,
):
  { ok: true; words: HeroWords } | { ok: false; errors: Partial<Record<keyof HeroWords, string>> } {
  const checked = checkFields(heroSchema, values);
  if (Object.keys(checked.errors).length > 0) return { ok: false, errors: checked.errors };
  return { ok: true, words: checked.values as HeroWords };
}

/** Each kind's form fields and their limits, for the page. */
export const CONTENT_LIMITS: Record<ContentKind, Partial<Record<ContentField, FieldLimits>>> = {
  claim: formLimits(claimSchema),
  testimonial: formLimits(testimonialSchema),
  reason: formLimits(reasonSchema),
  service: formLimits(serviceSchema),
  step: formLimits(stepSchema),
  faq: formLimits(faqSchema),
};

export type ContentCheck =
  | { ok: true; fields: ContentFields }
  | { ok: false; errors: Partial<Record<ContentField, string>> };

/** What staff may save as an item of a kind. */
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
      icon: kind === "reason" || kind === "service" ? String(v.icon) : "",
    },
  };
}
