import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Field } from "./field";

/**
 * A picture staff keep on its own form (the logo, a blog post's): what is shown now or a note
 * that there is none, a file field, "Upload …" and, when there is one, "Remove …". Multipart and
 * apart from the words around it, so a refused text never costs a chosen file.
 */
export function PictureForm({
  legend,
  current,
  noneNote,
  field,
  uploadLabel,
  remove,
  error,
  busy,
}: {
  legend: string;
  /** the picture as it is shown now; null when there is none */
  current: ReactNode | null;
  noneNote: string;
  field: {
    label: string;
    newLabel: string;
    id: string;
    name: string;
    accept: string;
    hint: string;
  };
  uploadLabel: string;
  remove: { intent: string; label: string };
  error?: string;
  busy: boolean;
}) {
  return (
    <div className="settings-form logo-form">
      <Form method="post" encType="multipart/form-data" noValidate>
        <fieldset>
          <legend>{legend}</legend>
          {current ?? <p className="settings-note">{noneNote}</p>}
          <Field
            label={current ? field.newLabel : field.label}
            id={field.id}
            name={field.name}
            type="file"
            accept={field.accept}
            hint={field.hint}
            error={error}
          />
        </fieldset>
        <button type="submit" className="button" disabled={busy}>
          {uploadLabel}
        </button>
      </Form>
      {current ? (
        <Form method="post">
          <button type="submit" name="intent" value={remove.intent} className="button button-light">
            {remove.label}
          </button>
        </Form>
      ) : null}
    </div>
  );
}
