import { JOB_PHOTOS_PER_KIND } from "~/lib/job-completion";
import type { CheckedPhoto, StoredPhoto } from "~/services/images.server";
import {
  keepReceivedPhotos,
  KEPT_PHOTOS_GONE,
  keptPhotoLimitError,
  resolveKeptPhotos,
  type KeptPhoto,
  type KeptSelection,
  type KeptUpload,
  type PendingScope,
  type PhotoToKeep,
} from "../quotes/pending-uploads.server";

/**
 * The photo rules of the crew's "Complete job" form (job-completion.server.ts#completeJob),
 * counting the photos kept from the form's last try (pending-uploads.server.ts) with the new
 * ones: 1 to 8 before and 1 to 8 after, 60 MB in all.
 */

/** A job photo after it arrived: checked (header only), or why it was refused. */
export type ReceivedJobPhoto =
  | { kind: "before" | "after"; name: string; photo: CheckedPhoto }
  | { kind: "before" | "after"; name: string; error: string };

/** A photo as the completion records it: new (re-encoded just now) or kept (stored already). */
export type JobPhotoToRecord =
  { kind: "before" | "after"; photo: StoredPhoto } | { kind: "before" | "after"; imageId: string };

/** A submission's photos: those kept from before, and the new ones that passed their checks. */
export interface JobPhotoSet {
  kept: KeptUpload[];
  received: PhotoToKeep[];
}

const KINDS = ["before", "after"] as const;

/**
 * Resolves the kept photos the form sent (forgetting those ticked "Remove") and checks them with
 * the new ones, writing any refusal into `errors` under the field it concerns.
 */
export async function checkJobPhotos(
  scope: PendingScope,
  selection: KeptSelection,
  photos: readonly ReceivedJobPhoto[],
  errors: Record<string, string>,
  limits: { maxTotalBytes: number },
  now = new Date(),
): Promise<JobPhotoSet> {
  const kept = await resolveKeptPhotos(scope, selection, now);
  const received: PhotoToKeep[] = photos.flatMap((p) =>
    "photo" in p ? [{ field: p.kind, name: p.name, photo: p.photo }] : [],
  );
  const refused = photos.find((p) => "error" in p);
  if (refused && "error" in refused) errors[`${refused.kind}_photos`] = refused.error;
  for (const kind of KINDS) {
    const count =
      photos.filter((p) => p.kind === kind).length +
      kept.photos.filter((p) => p.field === kind).length;
    if (count === 0) errors[`${kind}_photos`] ??= `Please add at least one ${kind} photo`;
    if (count > JOB_PHOTOS_PER_KIND)
      errors[`${kind}_photos`] = `Please add at most ${JOB_PHOTOS_PER_KIND} ${kind} photos`;
  }
  const overLimit = keptPhotoLimitError(kept.photos, received, limits);
  if (overLimit) errors.after_photos = overLimit;
  // Said on the first photo field, over its count: the photos it counted on are gone.
  if (kept.missing > 0) errors.before_photos = KEPT_PHOTOS_GONE;
  return { kept: kept.photos, received };
}

/** Keeps the new photos of a refused form for its next try; answers every photo now kept. */
export async function keepJobPhotos(
  scope: PendingScope,
  set: JobPhotoSet,
  errors: Record<string, string>,
  limits: { maxTotalBytes: number },
  now = new Date(),
): Promise<KeptPhoto[]> {
  const keeping = await keepReceivedPhotos(
    scope,
    set.kept,
    set.received,
    { maxPerField: JOB_PHOTOS_PER_KIND, maxTotalBytes: limits.maxTotalBytes },
    now,
  );
  if (keeping.error) errors[`${keeping.error.field}_photos`] ??= keeping.error.message;
  return keeping.photos;
}
