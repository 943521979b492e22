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

/** The string values of a submitted form (files and repeated keys ignored). */
export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form)
    if (typeof value === "string" && !(key in values)) values[key] = value;
  return values;
}
