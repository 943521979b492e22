import type { z } from "zod";

export type FieldErrors<T extends string = string> = Partial<Record<T, string>>;

/** zod issues → the first message per field, for rendering next to each input. */
export function fieldErrors<T extends string>(error: z.ZodError): FieldErrors<T> {
  const errors: FieldErrors<T> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "") as T;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * The string values of a submitted form (files and repeated keys ignored). A null-prototype
 * object: a field named "__proto__", "constructor" or "toString" is a field like any other, and
 * a field that was not sent reads as undefined, never as something inherited.
 */
export function formValues(form: FormData): Record<string, string> {
  const values = Object.create(null) as Record<string, string>;
  for (const [key, value] of form)
    if (typeof value === "string" && !Object.hasOwn(values, key)) values[key] = value;
  return values;
}

/**
 * What a browser can check without JavaScript, read from a field's zod schema so the markup
 * never restates a limit: a string's `.max()` is `maxLength`; a number's `.min()`/`.max()` are
 * `min`/`max` and `.int()` is `step: 1`. A typed number (a string piped into a number) gives the
 * number's limits. Refinements and transforms say nothing, so a rule that scales what is typed
 * (pounds to pence, yards to hundredths) puts no wrong limit on the page.
 */
export interface FieldLimits {
  maxLength?: number;
  min?: number;
  max?: number;
  step?: number;
}

export function limitsOf(schema: z.ZodType): FieldLimits {
  const def = schema._zod.def as { type: string; in?: z.ZodType; out?: z.ZodType };
  if (def.type === "pipe") return { ...limitsOf(def.in!), ...limitsOf(def.out!) };
  if (def.type === "optional" || def.type === "default" || def.type === "nullable")
    return limitsOf((schema as z.ZodOptional<z.ZodType>).unwrap());
  const limits: FieldLimits = {};
  if (def.type === "string") {
    const maxLength = (schema as z.ZodString).maxLength;
    if (maxLength !== null) limits.maxLength = maxLength;
  }
  if (def.type === "number") {
    const number = schema as z.ZodNumber;
    if (number.minValue !== null && Number.isFinite(number.minValue)) limits.min = number.minValue;
    if (number.maxValue !== null && Number.isFinite(number.maxValue)) limits.max = number.maxValue;
    if (number.isInt) limits.step = 1;
  }
  return limits;
}

/** limitsOf for every field of a form's schema: what a loader hands its page. */
export function formLimits<S extends z.ZodRawShape>(
  schema: z.ZodObject<S>,
): Record<keyof S, FieldLimits> {
  return Object.fromEntries(
    Object.entries(schema.shape).map(([name, field]) => [name, limitsOf(field as z.ZodType)]),
  ) as Record<keyof S, FieldLimits>;
}

/** A value as a form field holds it: the string sent, or "" for anything else (a field left out). */
const typed = (value: unknown) => (typeof value === "string" ? value : "");

/** One field checked by its schema: its value, or the first message. */
export function checkField<T>(
  schema: z.ZodType<T>,
  value: unknown,
): { ok: true; value: T } | { ok: false; error: string } {
  const parsed = schema.safeParse(typed(value));
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, error: parsed.error.issues[0]?.message ?? "" };
}

/**
 * Each field of a form's schema checked on its own: the values that passed and the first message
 * of each that did not (a field that was not sent is checked as left empty). Rules across fields
 * (windows in order, say) then look at the values that passed.
 */
export function checkFields<S extends z.ZodRawShape>(
  schema: z.ZodObject<S>,
  values: Readonly<Record<string, unknown>>,
): {
  values: Partial<{ [K in keyof S]: z.output<S[K]> }>;
  errors: FieldErrors<Extract<keyof S, string>>;
} {
  const passed: Partial<{ [K in keyof S]: z.output<S[K]> }> = {};
  const errors: FieldErrors<Extract<keyof S, string>> = {};
  for (const [name, field] of Object.entries(schema.shape) as [
    Extract<keyof S, string>,
    z.ZodType,
  ][]) {
    const checked = checkField(field, values[name]);
    if (checked.ok) passed[name] = checked.value as z.output<S[typeof name]>;
    else errors[name] = checked.error;
  }
  return { values: passed, errors };
}
