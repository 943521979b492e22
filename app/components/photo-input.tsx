import { useEffect, useState } from "react";
import { KeptPhotos } from "~/components/kept-photos";
import { FieldError } from "~/components/field-error";
import { KEPT_FIELDS, keptPhotosNotice, type KeptPhoto } from "~/lib/kept-photos";

/**
 * The quote form's photo picker. Without JavaScript it is a plain multiple
 * file input; with it, chosen photos show as thumbnails (where the browser
 * can display them). The types it accepts are JPEG, PNG and WebP: Safari on
 * an iPhone converts HEIC photos to JPEG for a field that does not list HEIC.
 * When the form came back with an error, the photos it sent are kept on the
 * server and shown below the picker (`kept`), to be sent with any new ones.
 */
export function PhotoInput({
  error,
  hint,
  kept,
}: {
  error?: string;
  hint: string;
  kept?: { formToken: string; photos: readonly KeptPhoto[] };
}) {
  const [previews, setPreviews] = useState<{ name: string; url: string }[]>([]);
  useEffect(() => () => previews.forEach((p) => URL.revokeObjectURL(p.url)), [previews]);
  // Once photos are kept, the picker starts empty again: with JavaScript the page is not
  // reloaded, and photos left in it would be sent twice.
  const keptKey = kept?.photos.map((p) => p.id).join(",") ?? "";
  useEffect(() => setPreviews([]), [keptKey]);
  const keptCount = kept?.photos.length ?? 0;
  const describedBy = ["field-images-hint", error ? "field-images-error" : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={`field${error ? " field-invalid" : ""}`}>
      <label htmlFor="field-images">Photos of what needs removing</label>
      <p className="field-hint" id="field-images-hint">
        {hint}
        {keptCount > 0 ? <strong> {keptPhotosNotice(keptCount)} You can add more.</strong> : null}
      </p>
      {kept ? <input type="hidden" name={KEPT_FIELDS.formToken} value={kept.formToken} /> : null}
      <input
        key={keptKey}
        id="field-images"
        name="images"
        type="file"
        multiple
        required={keptCount === 0}
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
      <FieldError id="field-images-error" error={error} />
      {previews.length > 0 ? (
        <ul className="photo-previews" aria-label="Chosen photos">
          {previews.map((p) => (
            <li key={p.url}>
              <img src={p.url} alt={p.name} width="96" height="96" />
            </li>
          ))}
        </ul>
      ) : null}
      {kept ? (
        <KeptPhotos
          photos={kept.photos}
          label="Photos kept from your last try"
          src={(id) =>
            `/quote/kept/${id}?${new URLSearchParams({ form: kept.formToken }).toString()}`
          }
        />
      ) : null}
    </div>
  );
}
