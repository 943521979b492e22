import type { Transaction } from "kysely";
import {
  BUSINESS_PROFILE_MESSAGES,
  BUSINESS_PROFILE_SETTING,
  type BusinessDetails,
  type BusinessProfile,
} from "~/lib/business-profile";
import type { DocumentBusiness } from "~/documents/letterhead.server";
import { processLogoImage } from "~/services/images.server";
import { receiveUpload, type UploadLimits } from "~/services/uploads.server";
import { deleteUnusedImages, saveProcessedImage } from "../catalogue/image.server";
import { DEMO_AREA_IN_WORDS } from "~/seed/service-area";
import { config } from "~/services/config.server";
import { db, hotRead, type DB } from "~/services/db.server";
import { moveSharedPagesOn } from "./shared-pages.server";

/**
 * The business's details as staff keep them in Settings (docs/rules.md#the-business), one JSON
 * setting; until staff first save them, the environment's (BUSINESS_*, WASTE_CARRIER_LICENCE,
 * VAT_NUMBER). Everything that prints the business reads businessProfile().
 *
 * It is read synchronously everywhere (messages, emails written inside a transaction, the
 * documents), so this process keeps a copy that refreshBusinessProfile brings up to date from
 * the database: before every request the shop renders (server/http.ts), before each scheduled
 * job and each email sent, and at the start of a command. A save in any process is then seen by
 * every process on its next page; the save also moves the shared pages on, so no kept copy of a
 * page shows the old details.
 */
export { BUSINESS_PROFILE_SETTING };

const readStored = hotRead((db) =>
  db.selectFrom("settings").select("value").where("key", "=", BUSINESS_PROFILE_SETTING),
);

let current:
  { stored: string | undefined; profile: BusinessProfile; logo: Uint8Array | null } | undefined;

/** The business as the environment describes it: what a shop shows until staff save its details. */
export function startingProfile(): BusinessProfile {
  const fromEnvironment = config().startingBusiness;
  return {
    ...fromEnvironment,
    legalName: "",
    companyNumber: "",
    registeredOffice: "",
    openingHours: "",
    areaInWords: config().seedDemo ? DEMO_AREA_IN_WORDS : "",
    logoImageId: "",
    reviewUrl: "",
  };
}

/** The stored details over the starting ones: a field a newer version added keeps its start. */
function profileFrom(stored: string | undefined): BusinessProfile {
  const start = startingProfile();
  if (stored === undefined) return start;
  try {
    const saved = JSON.parse(stored) as Partial<Record<keyof BusinessProfile, unknown>>;
    const profile = { ...start };
    for (const key of Object.keys(start) as (keyof BusinessProfile)[])
      if (typeof saved[key] === "string") profile[key] = saved[key];
    return profile;
  } catch {
    console.error(
      `[settings] ${BUSINESS_PROFILE_SETTING} is not JSON: the starting details are used`,
    );
    return start;
  }
}

/** The business's details, as this process last read them (refreshBusinessProfile). */
export function businessProfile(): BusinessProfile {
  current ??= { stored: undefined, profile: startingProfile(), logo: null };
  return current.profile;
}

/** The business for a document: its details and its logo's PNG bytes, if it has one. */
export function documentBusiness(): DocumentBusiness {
  const profile = businessProfile();
  return current?.logo ? { ...profile, logoPng: current.logo } : profile;
}

/** The logo's bytes, read when its id changes. */
async function logoBytes(imageId: string): Promise<Uint8Array | null> {
  if (imageId === "") return null;
  const row = await db()
    .selectFrom("images")
    .select("bytes")
    .where("id", "=", imageId)
    .executeTakeFirst();
  return row ? new Uint8Array(row.bytes) : null;
}

/** Reads the stored details again: one prepared read, parsed only when they changed. */
export async function refreshBusinessProfile(): Promise<BusinessProfile> {
  const [row] = await readStored();
  if (current === undefined || current.stored !== row?.value) {
    const profile = profileFrom(row?.value);
    const logo =
      current?.profile.logoImageId === profile.logoImageId
        ? current.logo
        : await logoBytes(profile.logoImageId);
    current = { stored: row?.value, profile, logo };
  }
  return current.profile;
}

/** Writes the stored details, changed by `change`, and moves every shared page on, in one transaction. */
async function changeStored(
  change: (stored: BusinessProfile, trx: Transaction<DB>) => Promise<BusinessProfile>,
): Promise<void> {
  await db()
    .transaction()
    .execute(async (trx: Transaction<DB>) => {
      const row = await trx
        .selectFrom("settings")
        .select("value")
        .where("key", "=", BUSINESS_PROFILE_SETTING)
        .executeTakeFirst();
      const value = JSON.stringify(await change(profileFrom(row?.value), trx));
      await trx
        .insertInto("settings")
        .values({ key: BUSINESS_PROFILE_SETTING, value })
        .onConflict((oc) =>
          oc.column("key").doUpdateSet({ value, updated_at: new Date().toISOString() }),
        )
        .execute();
      await moveSharedPagesOn(trx);
    });
  await refreshBusinessProfile();
}

/** Stores checked details (checkBusinessProfile); the logo stays as it is. */
export async function saveBusinessProfile(details: BusinessDetails): Promise<void> {
  await changeStored(async (stored) => ({ ...details, logoImageId: stored.logoImageId }));
}

/**
 * A new logo (JPEG, PNG, WebP or SVG), stored as a PNG like product pictures are stored; the old
 * one is removed unless something else uses it. Throws when the file is not a picture it can read.
 */
export async function saveBusinessLogo(bytes: Uint8Array): Promise<void> {
  const processed = await processLogoImage(bytes);
  await changeStored(async (stored, trx) => {
    const imageId = await saveProcessedImage(trx, processed);
    if (stored.logoImageId && stored.logoImageId !== imageId)
      await deleteUnusedImages(trx, [stored.logoImageId]);
    return { ...stored, logoImageId: imageId };
  });
}

export async function removeBusinessLogo(): Promise<void> {
  await changeStored(async (stored, trx) => {
    if (stored.logoImageId) await deleteUnusedImages(trx, [stored.logoImageId]);
    return { ...stored, logoImageId: "" };
  });
}

const LOGO_UPLOAD_LIMITS: UploadLimits = {
  maxFileSize: 2 * 1024 * 1024,
  maxFiles: 1,
  maxTotalBytes: 3 * 1024 * 1024,
  fileFields: ["logo"],
  messages: {
    fileTooLarge: BUSINESS_PROFILE_MESSAGES.logoTooLarge,
    totalTooLarge: BUSINESS_PROFILE_MESSAGES.logoTooLarge,
    tooManyFiles: BUSINESS_PROFILE_MESSAGES.logoMissing,
  },
};

/** Settings' logo form (multipart): the new logo saved, or why not. */
export async function receiveLogoUpload(
  request: Request,
): Promise<{ ok: true } | { ok: false; status: number; message: string }> {
  const upload = await receiveUpload(request, LOGO_UPLOAD_LIMITS, async (file) => file.bytes);
  if (!upload.ok) return upload;
  const [bytes] = upload.files;
  if (!bytes || bytes.byteLength === 0)
    return { ok: false, status: 400, message: BUSINESS_PROFILE_MESSAGES.logoMissing };
  try {
    await saveBusinessLogo(bytes);
    return { ok: true };
  } catch (error) {
    console.warn(`[settings] logo refused: ${(error as Error).message}`);
    return { ok: false, status: 400, message: BUSINESS_PROFILE_MESSAGES.logoType };
  }
}
