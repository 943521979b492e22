/**
 * Photos kept while a form comes back with an error (app/models/quotes/pending-uploads.server.ts):
 * what the page shows of them and how it names them, shared by the server and the browser.
 */

/** The photo field a kept photo belongs to: the quote's photos, or a job's before or after. */
export type PendingField = "images" | "before" | "after";

/** A kept photo as a form shows it. */
export interface KeptPhoto {
  id: string;
  field: PendingField;
  name: string | null;
  width: number | null;
  height: number | null;
}

/** The form fields that carry kept photos: the ids to use, and those ticked "Remove". */
export const KEPT_FIELDS = {
  keep: "kept",
  remove: "remove_kept",
  formToken: "form_token",
} as const;

/** "Your 3 photos are kept below." */
export function keptPhotosNotice(count: number): string {
  if (count === 0) return "";
  return count === 1 ? "Your photo is kept below." : `Your ${count} photos are kept below.`;
}
