/**
 * A field's error message, announced as it changes; the paragraph is always there (empty when
 * the field is fine) so the field's aria-describedby always points at something.
 */
export function FieldError({ id, error }: { id: string; error?: string | null }) {
  return (
    <p className="field-error" id={id} aria-live="polite">
      {error ?? ""}
    </p>
  );
}
