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
