import { KEPT_FIELDS, type KeptPhoto } from "~/lib/kept-photos";

/**
 * The photos a form kept from its last try (it came back with an error): a thumbnail of each,
 * its id in a hidden input so the next submission uses it, and a "Remove" box that works
 * without JavaScript (a ticked photo is dropped when the form is sent).
 */
export function KeptPhotos({
  photos,
  src,
  label,
}: {
  photos: readonly KeptPhoto[];
  /** the thumbnail's address (the route checks who may see it) */
  src: (id: string) => string;
  /** what the list is, for screen readers: "Photos kept from your last try" */
  label: string;
}) {
  if (photos.length === 0) return null;
  return (
    <ul className="kept-photos" aria-label={label}>
      {photos.map((photo, i) => (
        <li key={photo.id} className="kept-photo" data-testid="kept-photo">
          <input type="hidden" name={KEPT_FIELDS.keep} value={photo.id} />
          <img
            src={src(photo.id)}
            alt={photo.name ? `Kept photo: ${photo.name}` : `Kept photo ${i + 1}`}
            width="96"
            height="96"
            loading="lazy"
            decoding="async"
          />
          <label className="kept-photo-remove">
            <input type="checkbox" name={KEPT_FIELDS.remove} value={photo.id} />
            Remove
            <span className="visually-hidden">
              {photo.name ? ` ${photo.name}` : ` photo ${i + 1}`}
            </span>
          </label>
        </li>
      ))}
    </ul>
  );
}
