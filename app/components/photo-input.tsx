import { useEffect, useState } from "react";

/**
 * The quote form's photo picker. Without JavaScript it is a plain multiple
 * file input; with it, chosen photos show as thumbnails (where the browser
 * can display them). The types it accepts are JPEG, PNG and WebP: Safari on
 * an iPhone converts HEIC photos to JPEG for a field that does not list HEIC.
 */
export function PhotoInput({
  error,
  hint,
  reselect,
}: {
  error?: string;
  hint: string;
  reselect: boolean;
}) {
  const [previews, setPreviews] = useState<{ name: string; url: string }[]>([]);
  useEffect(() => () => previews.forEach((p) => URL.revokeObjectURL(p.url)), [previews]);
  const describedBy = ["field-images-hint", error ? "field-images-error" : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={`field${error ? " field-invalid" : ""}`}>
      <label htmlFor="field-images">Photos of what needs removing</label>
      <p className="field-hint" id="field-images-hint">
        {hint}
        {reselect
          ? " Please choose your photos again: browsers do not keep them after a form is sent back."
          : ""}
      </p>
      <input
        id="field-images"
        name="images"
        type="file"
        multiple
        required
        // HEIC is left out on purpose: iPhones then send their photos as JPEG.
        accept="image/jpeg,image/png,image/webp"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) =>
          setPreviews(
            Array.from(e.target.files ?? []).map((f) => ({
              name: f.name,
              url: URL.createObjectURL(f),
            })),
          )
        }
      />
      <p className="field-error" id="field-images-error" aria-live="polite">
        {error ?? ""}
      </p>
      {previews.length > 0 ? (
        <ul className="photo-previews" aria-label="Chosen photos">
          {previews.map((p) => (
            <li key={p.url}>
              <img src={p.url} alt={p.name} width="96" height="96" />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
