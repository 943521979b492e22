import sharp from "sharp";

/**
 * Image processing: decide a file's type from its bytes, then re-encode it
 * with sharp so nothing we serve is the uploader's original file (this also
 * drops EXIF, including GPS, and applies the camera orientation).
 */

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

export const VARIANT_WIDTHS = [320, 640, 960] as const;
const MAX_LONG_EDGE = 1600;

/**
 * Product images: the original is kept (re-encoded, long edge ≤ 1600 px) as
 * JPEG for photos or PNG for drawings; SVG is rasterised, never stored as SVG.
 */
export async function processProductImage(input: Uint8Array): Promise<ProcessedImage> {
  const type = sniffImageType(input);
  if (
    type !== "image/jpeg" &&
    type !== "image/png" &&
    type !== "image/svg+xml" &&
    type !== "image/webp"
  ) {
    throw new UnsupportedImageError("Only JPEG and PNG and SVG files are allowed");
  }
  // Rasterise SVG at a density that gives a sharp 1200 px-wide image.
  const source =
    type === "image/svg+xml"
      ? sharp(Buffer.from(input), {
          density: await svgDensity(input, 1200),
          limitInputPixels: 40_000_000,
        })
      : sharp(Buffer.from(input), { limitInputPixels: 40_000_000 });
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
  const variants = await Promise.all(
    [...widths, original.width].map(async (width) => {
      const out = await sharp(original.bytes)
        .resize({ width })
        .webp({ quality: asPhoto ? 78 : 85, effort: 4 })
        .toBuffer({ resolveWithObject: true });
      return {
        bytes: out.data,
        contentType: "image/webp" as const,
        width: out.info.width,
        height: out.info.height,
      };
    }),
  );
  return { original, variants };
}

async function svgDensity(svg: Uint8Array, targetWidth: number): Promise<number> {
  const meta = await sharp(Buffer.from(svg)).metadata();
  const width = meta.width ?? targetWidth;
  return Math.max(72, Math.min(2400, Math.round((72 * targetWidth) / width)));
}

export class UnsupportedImageError extends Error {}

export interface StoredPhoto {
  bytes: Buffer;
  contentType: "image/jpeg" | "image/heic" | "image/heif";
  width: number | null;
  height: number | null;
}

const PHOTO_LONG_EDGE = 2560;
export const QUOTE_PHOTO_TYPES = "JPEG, PNG, WebP or HEIC";

/**
 * A customer's photo of their home: re-encoded as JPEG (orientation applied,
 * EXIF and GPS position dropped, long edge at most 2560 px). HEIC that sharp
 * cannot decode is kept as it is, for staff to download.
 */
export async function processQuotePhoto(
  input: Uint8Array,
  fileName = "photo",
): Promise<StoredPhoto> {
  const type = sniffImageType(input);
  if (!type || type === "image/svg+xml") {
    throw new UnsupportedImageError(
      `“${fileName}” is not a photo we can use. Please send ${QUOTE_PHOTO_TYPES} files.`,
    );
  }
  try {
    const { data, info } = await sharp(Buffer.from(input), { limitInputPixels: 100_000_000 })
      .rotate()
      .resize({
        width: PHOTO_LONG_EDGE,
        height: PHOTO_LONG_EDGE,
        fit: "inside",
        withoutEnlargement: true,
      })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: "image/jpeg", width: info.width, height: info.height };
  } catch {
    if (type === "image/heic" || type === "image/heif") {
      return { bytes: Buffer.from(input), contentType: type, width: null, height: null };
    }
    throw new UnsupportedImageError(
      `We could not open “${fileName}”. Please send ${QUOTE_PHOTO_TYPES} files.`,
    );
  }
}
