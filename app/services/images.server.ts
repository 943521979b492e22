import os from "node:os";
import sharp from "sharp";
import { workQueue } from "~/lib/work-queue";

/**
 * Image processing: decide a file's type from its bytes, then re-encode it
 * with sharp so nothing we serve is the uploader's original file (this also
 * drops EXIF, including GPS, and applies the camera orientation).
 *
 * Decoding is the most expensive thing the server does, so every sharp call
 * goes through one queue that runs a bounded number of jobs at a time (one
 * on a two-core machine), each on one libvips thread: pages stay fast while
 * photos are processed, and a burst of uploads waits its turn instead of
 * taking every core. Sizes are read from the file's header before anything
 * is decoded.
 */

// One libvips thread per job, and no operation cache (each image is seen once).
sharp.concurrency(1);
sharp.cache(false);

/** How many sharp jobs run at once: half the cores, at least one. */
export const IMAGE_JOBS_AT_ONCE = Math.max(1, Math.floor(os.availableParallelism() / 2));

/** Runs one piece of sharp work when its turn comes (first come, first served). */
export const imageJob = workQueue({ slots: IMAGE_JOBS_AT_ONCE });

export type SniffedType =
  "image/jpeg" | "image/png" | "image/webp" | "image/svg+xml" | "image/heic" | "image/heif";

export function sniffImageType(bytes: Uint8Array): SniffedType | undefined {
  const ascii = (start: number, end: number) =>
    Buffer.from(bytes.subarray(start, end)).toString("latin1");
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (ascii(0, 8) === "\x89PNG\r\n\x1a\n") return "image/png";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "image/webp";
  if (ascii(4, 8) === "ftyp") {
    const brand = ascii(8, 12);
    if (["heic", "heix", "heim", "heis", "hevc", "hevx"].includes(brand)) return "image/heic";
    if (["mif1", "msf1"].includes(brand)) return "image/heif";
  }
  // SVG is text: allow a BOM, an XML declaration, comments and a doctype before <svg.
  const head = Buffer.from(bytes.subarray(0, 1024))
    .toString("utf8")
    .replace(/^\uFEFF/, "");
  if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head)) {
    return "image/svg+xml";
  }
  return undefined;
}

export interface EncodedImage {
  bytes: Buffer;
  contentType: "image/jpeg" | "image/png" | "image/webp";
  width: number;
  height: number;
}

export interface ProcessedImage {
  original: EncodedImage;
  /** WebP copies at VARIANT_WIDTHS, never wider than the original */
  variants: EncodedImage[];
}

const VARIANT_WIDTHS = [320, 640, 960] as const;
const MAX_LONG_EDGE = 1600;
/** Product images: 40 megapixels at most (a product picture needs far fewer). */
const PRODUCT_MAX_PIXELS = 40_000_000;

/**
 * Product images: the original is kept (re-encoded, long edge ≤ 1600 px) as
 * JPEG for photos or PNG for drawings; SVG is rasterised, never stored as SVG.
 */
export async function processProductImage(input: Uint8Array): Promise<ProcessedImage> {
  return imageJob(() => encodeProductImage(input));
}

/** A picture staff upload (a product's, the logo): JPEG, PNG, SVG or WebP, by its bytes. */
function pictureType(input: Uint8Array) {
  const type = sniffImageType(input);
  if (
    type !== "image/jpeg" &&
    type !== "image/png" &&
    type !== "image/svg+xml" &&
    type !== "image/webp"
  )
    throw new UnsupportedImageError("Only JPEG and PNG and SVG files are allowed");
  return type;
}

/** sharp reading a picture staff uploaded: an SVG rasterised sharp at `width` px. */
async function pictureSource(
  input: Uint8Array,
  type: ReturnType<typeof pictureType>,
  width: number,
) {
  return type === "image/svg+xml"
    ? sharp(Buffer.from(input), {
        density: await svgDensity(input, width),
        limitInputPixels: PRODUCT_MAX_PIXELS,
      })
    : sharp(Buffer.from(input), { limitInputPixels: PRODUCT_MAX_PIXELS });
}

async function encodeProductImage(input: Uint8Array): Promise<ProcessedImage> {
  const type = pictureType(input);
  if (type !== "image/svg+xml") {
    // The header says how big the picture is before anything is decoded.
    const { width = 0, height = 0 } = await sharp(Buffer.from(input), {
      limitInputPixels: false,
    }).metadata();
    if (width * height > PRODUCT_MAX_PIXELS) {
      throw new UnsupportedImageError(
        `That image is ${width} × ${height} pixels; please send one under ${PRODUCT_MAX_PIXELS / 1_000_000} megapixels.`,
      );
    }
  }
  // Rasterise SVG at a density that gives a sharp 1200 px-wide image.
  const source = await pictureSource(input, type, 1200);
  const base = source.rotate().resize({
    width: MAX_LONG_EDGE,
    height: MAX_LONG_EDGE,
    fit: "inside",
    withoutEnlargement: true,
  });
  const asPhoto = type === "image/jpeg";
  const { data, info } = await (
    asPhoto
      ? base.clone().jpeg({ quality: 85, mozjpeg: true })
      : base.clone().png({ compressionLevel: 9, effort: 7 })
  ).toBuffer({ resolveWithObject: true });
  const original: EncodedImage = {
    bytes: data,
    contentType: asPhoto ? "image/jpeg" : "image/png",
    width: info.width,
    height: info.height,
  };
  const widths = VARIANT_WIDTHS.filter((w) => w < original.width);
  const variants: EncodedImage[] = [];
  for (const width of [...widths, original.width]) {
    const out = await sharp(original.bytes)
      .resize({ width })
      .webp({ quality: asPhoto ? 78 : 85, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    variants.push({
      bytes: out.data,
      contentType: "image/webp",
      width: out.info.width,
      height: out.info.height,
    });
  }
  return { original, variants };
}

async function svgDensity(svg: Uint8Array, targetWidth: number): Promise<number> {
  const meta = await sharp(Buffer.from(svg)).metadata();
  const width = meta.width ?? targetWidth;
  return Math.max(72, Math.min(2400, Math.round((72 * targetWidth) / width)));
}

export class UnsupportedImageError extends Error {}

/** The business's logo: its long edge at most this, in the header (36 px high) and on documents. */
const LOGO_MAX_EDGE = 600;

/**
 * The business's logo (Settings): JPEG, PNG, WebP or SVG in, one PNG out (transparency kept, SVG
 * rasterised), long edge ≤ 600 px, with no WebP variants: the header shows it 36 px high.
 */
export async function processLogoImage(input: Uint8Array): Promise<ProcessedImage> {
  return imageJob(async () => {
    const source = await pictureSource(input, pictureType(input), LOGO_MAX_EDGE);
    const { data, info } = await source
      .rotate()
      .resize({
        width: LOGO_MAX_EDGE,
        height: LOGO_MAX_EDGE,
        fit: "inside",
        withoutEnlargement: true,
      })
      .png({ compressionLevel: 9, effort: 7 })
      .toBuffer({ resolveWithObject: true });
    return {
      original: { bytes: data, contentType: "image/png", width: info.width, height: info.height },
      variants: [],
    };
  });
}

/**
 * Quote photos: at most what a phone camera makes (a 48-megapixel main
 * camera gives 8064 × 6048, just under 49 megapixels).
 */
export const QUOTE_PHOTO_MAX_PIXELS = 50_000_000;
const QUOTE_PHOTO_TYPES = "JPEG, PNG or WebP";
const PHOTO_LONG_EDGE = 2560;
/** A photo that takes longer than this to re-encode is refused (a normal one takes well under 1 s). */
const PHOTO_TIMEOUT_SECONDS = 20;

/**
 * Whether this sharp build decodes HEIC (HEVC inside HEIF). The prebuilt
 * libvips decodes AVIF only, so iPhone photos in HEIC are refused with a
 * hint, and iPhones asked for JPEG (the form does not list HEIC, so Safari
 * converts the photos it uploads).
 */
export const HEIC_DECODES = Boolean(sharp.format.heif.input.fileSuffix?.includes(".heic"));

/** A customer's photo of their home, as we keep it: always a JPEG we encoded. */
export interface StoredPhoto {
  bytes: Buffer;
  contentType: "image/jpeg";
  width: number;
  height: number;
}

/** A photo whose header passed the checks; nothing has been decoded yet. */
export interface CheckedPhoto {
  bytes: Uint8Array;
  width: number;
  height: number;
}

/** The uploader's file name as it may appear in a message: one short line. */
function shownName(fileName: string): string {
  // Control characters and bidirectional overrides could disguise the name.
  const clean = fileName.replace(/[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, "").trim();
  if (!clean) return "that file";
  return `“${clean.length > 60 ? `${clean.slice(0, 57)}…` : clean}”`;
}

const notAPhoto = (fileName: string) =>
  new UnsupportedImageError(
    `${shownName(fileName)} is not a photo we can use. Please send ${QUOTE_PHOTO_TYPES} files.`,
  );

/**
 * The cheap checks, made as soon as a photo has arrived: the type from its
 * bytes, then the size from its header (sharp's metadata reads only the
 * header), so a picture of 100 megapixels in a few kilobytes is refused
 * without being decoded.
 */
export async function checkQuotePhoto(input: Uint8Array, fileName = ""): Promise<CheckedPhoto> {
  const type = sniffImageType(input);
  if (!type || type === "image/svg+xml") throw notAPhoto(fileName);
  // Reading the header decodes nothing, so sharp's own pixel limit is lifted here to report the size.
  const meta = await imageJob(() =>
    sharp(Buffer.from(input), { limitInputPixels: false }).metadata(),
  ).catch(() => {
    throw notAPhoto(fileName);
  });
  const { width = 0, height = 0 } = meta;
  if (!width || !height) throw notAPhoto(fileName);
  if (type === "image/heic" || type === "image/heif") {
    const decodes = meta.compression === "av1" || (meta.compression === "hevc" && HEIC_DECODES);
    if (!decodes) {
      throw new UnsupportedImageError(
        `${shownName(fileName)} is a HEIC photo, which we cannot open. Please send ${QUOTE_PHOTO_TYPES} files. ` +
          "On an iPhone: Settings → Camera → Formats → Most Compatible.",
      );
    }
  }
  if (width * height > QUOTE_PHOTO_MAX_PIXELS) {
    throw new UnsupportedImageError(
      `${shownName(fileName)} is ${width} × ${height} pixels (${Math.round((width * height) / 1_000_000)} megapixels). ` +
        `Please send photos of at most ${QUOTE_PHOTO_MAX_PIXELS / 1_000_000} megapixels, as a phone camera takes them.`,
    );
  }
  return { bytes: input, width, height };
}

/**
 * Re-encodes a checked photo as JPEG (orientation applied, EXIF and GPS
 * position dropped, long edge at most 2560 px), when its turn in the queue
 * comes. Nothing else is ever stored or served as a quote photo.
 */
export async function encodeQuotePhoto(photo: CheckedPhoto, fileName = ""): Promise<StoredPhoto> {
  try {
    const { data, info } = await imageJob(() =>
      sharp(Buffer.from(photo.bytes), { limitInputPixels: QUOTE_PHOTO_MAX_PIXELS })
        .rotate()
        .resize({
          width: PHOTO_LONG_EDGE,
          height: PHOTO_LONG_EDGE,
          fit: "inside",
          withoutEnlargement: true,
        })
        .jpeg({ quality: 82, mozjpeg: true })
        .timeout({ seconds: PHOTO_TIMEOUT_SECONDS })
        .toBuffer({ resolveWithObject: true }),
    );
    return { bytes: data, contentType: "image/jpeg", width: info.width, height: info.height };
  } catch {
    throw new UnsupportedImageError(
      `We could not open ${shownName(fileName)}. Please send ${QUOTE_PHOTO_TYPES} files.`,
    );
  }
}

/** Both steps at once: check the header, then re-encode. */
export async function processQuotePhoto(input: Uint8Array, fileName = ""): Promise<StoredPhoto> {
  return encodeQuotePhoto(await checkQuotePhoto(input, fileName), fileName);
}

/**
 * Whether a stored quote photo may be served: only JPEG that we encoded.
 * Rows kept from before (HEIC stored as it was sent) never are.
 */
export function isServablePhoto(contentType: string, bytes: Uint8Array): boolean {
  return contentType === "image/jpeg" && sniffImageType(bytes) === "image/jpeg";
}

/** A smaller JPEG of a stored photo, for the staff pages' thumbnails. */
export async function photoThumbnail(bytes: Buffer, width: number): Promise<Buffer> {
  return imageJob(() =>
    sharp(bytes, { limitInputPixels: QUOTE_PHOTO_MAX_PIXELS })
      .resize({ width, withoutEnlargement: true })
      .jpeg({ quality: 75 })
      .toBuffer(),
  );
}
