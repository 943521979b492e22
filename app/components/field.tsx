import type { InputHTMLAttributes, TextareaHTMLAttributes } from "react";

/** A labelled input with its error announced and tied to it (aria-invalid / aria-describedby). */
export function Field({
  label,
  name,
  id: givenId,
  error,
  hint,
  multiline,
  ...props
}: {
  label: string;
  name: string;
  error?: string;
  hint?: string;
  multiline?: boolean;
} & InputHTMLAttributes<HTMLInputElement> &
  TextareaHTMLAttributes<HTMLTextAreaElement>) {
  // Two forms on one page may each have a field of the same name: give one its own id.
  const id = givenId ?? `field-${name}`;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  const common = {
    id,
    name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
  };
  return (
    <div className={`field${error ? " field-invalid" : ""}`}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {multiline ? <textarea rows={5} {...common} {...props} /> : <input {...common} {...props} />}
      <p className="field-error" id={`${id}-error`} aria-live="polite">
        {error ?? ""}
      </p>
    </div>
  );
}

/**
 * A field's name, the value it shows and its error, from a form's values and errors (what the
 * page loaded, or what a refused post sent back): `<Field label="…" {...filled("name", values, errors)} />`.
 */
export function filled(
  name: string,
  values?: Readonly<Record<string, unknown>>,
  errors?: Readonly<Partial<Record<string, string>>>,
): { name: string; defaultValue: string | undefined; error: string | undefined } {
  const value = values?.[name];
  return {
    name,
    defaultValue: typeof value === "string" ? value : undefined,
    error: errors?.[name],
  };
}

/** A labelled select of [value, text] options, its error announced and tied to it as Field's are. */
export function SelectField({
  label,
  name,
  id: givenId,
  value,
  options,
  error,
}: {
  label: string;
  name: string;
  /** as Field's: for a second form on the page with a field of the same name */
  id?: string;
  value: string;
  options: [string, string][];
  error?: string;
}) {
  const id = givenId ?? `field-${name}`;
  return (
    <div className={`field${error ? " field-invalid" : ""}`}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {options.map(([code, text]) => (
          <option key={code} value={code}>
            {text}
          </option>
        ))}
      </select>
      <p className="field-error" id={`${id}-error`} aria-live="polite">
        {error ?? ""}
      </p>
    </div>
  );
}
