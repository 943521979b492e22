import { z } from "zod";
import { formatLoadYards } from "~/lib/capacity";
import { PRODUCT_CATEGORIES } from "~/lib/domain";
import { penceToPounds } from "~/lib/format";
import { hundredths, wholeNumber } from "~/lib/form-rules";
import { checkField, fieldErrors, formLimits } from "~/lib/forms";
import { parsePounds } from "~/lib/money";
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_MESSAGES } from "~/lib/messages";
import {
  checkWasteClass,
  flagValue,
  NO_WASTE_CLASS,
  type WasteClass,
  type WasteField,
} from "~/lib/waste";
import {
  checkWasteFacts,
  DEFAULT_WASTE_FACTS,
  hpCodeBox,
  popCodeBox,
  WASTE_FACT_FIELDS,
  wasteFactValues,
  type WasteFacts,
} from "~/lib/waste-facts";
import { HP_CODE_LIST, POP_CODE_LIST } from "~/lib/waste-tracking-codes";
import { processProductImage, sniffImageType, type ProcessedImage } from "~/services/images.server";
import type { UploadedFile } from "~/services/uploads.server";
import type { Product, ProductFields } from "./product.server";

/**
 * What staff send to add or change a product (the dashboard form and the /api): the upload's
 * limits and image handler, the form's fields and their rules, and a product as the form shows
 * it. The saving itself is in product-admin.server.ts.
 */

/**
 * Limits of a product upload (docs/rules.md#request-limits: 5MB an image). Several images may be
 * sent, as the older client does; the first becomes the product's picture.
 */
export const PRODUCT_UPLOAD_LIMITS = {
  maxFileSize: PRODUCT_IMAGE_MAX_BYTES,
  maxFiles: 4,
  maxTotalBytes: 4 * PRODUCT_IMAGE_MAX_BYTES + 1024 * 1024,
  fileFields: ["image", "images"],
  messages: {
    fileTooLarge: PRODUCT_MESSAGES.imageTooLarge,
    totalTooLarge: PRODUCT_MESSAGES.imageTooLarge,
    tooManyFiles: "Please send at most 4 images.",
  },
} as const;

/** A product image after it arrived: re-encoded (SVG rasterised), or why it was refused. */
export type ReceivedProductImage =
  { name: string; image: ProcessedImage } | { name: string; error: string };

/**
 * receiveUpload's file handler: the type is decided by the bytes (JPEG, PNG or
 * SVG), never by the name or the declared type; sharp then re-encodes it.
 */
export async function receiveProductImage(file: UploadedFile): Promise<ReceivedProductImage> {
  const type = sniffImageType(file.bytes);
  if (type !== "image/jpeg" && type !== "image/png" && type !== "image/svg+xml") {
    return { name: file.name, error: PRODUCT_MESSAGES.imageType };
  }
  try {
    return { name: file.name, image: await processProductImage(file.bytes) };
  } catch {
    return {
      name: file.name,
      error: `We could not open “${file.name || "that image"}”. Please try another JPEG, PNG or SVG file.`,
    };
  }
}

/** The most a product's price or surcharge may be: £99,999.99. */
const MAX_PRODUCT_PENCE = 9_999_999;

/** A money field in pounds (parsePounds: plain decimals only), in pence, at least `min`. */
const pounds = (what: string, min: number, tooLow: string) =>
  z.string().transform((text, ctx) => {
    const pence = parsePounds(text);
    const message =
      text.trim() === ""
        ? `Please enter ${what}`
        : pence === null
          ? `Please enter ${what} in pounds, such as 45 or 45.50`
          : pence < min
            ? tooLow
            : pence > MAX_PRODUCT_PENCE
              ? `Please check ${what}: it can be at most £99,999.99`
              : null;
    if (message === null && pence !== null) return pence;
    ctx.issues.push({ code: "custom", message: message ?? "", input: text });
    return z.NEVER;
  });

/**
 * The product form and the /api rows, with the /api field names (docs/api.md#rows). Money is typed
 * in pounds.
 */
const productSchema = z.object({
  product_name: z
    .string()
    .trim()
    .min(1, "Please enter the product name")
    .max(120, "Please keep the name under 120 characters"),
  product_price: pounds("the price", 1, "The price must be more than £0"),
  product_description: z
    .string()
    .trim()
    .min(1, "Please enter a description")
    .max(2000, "Please keep the description under 2,000 characters"),
  product_category: z.enum(PRODUCT_CATEGORIES, { error: "Please choose a category" }),
  inside_dismantle_price: pounds("the inside, dismantling surcharge", 0, "It cannot be negative"),
  inside_no_dismantle_price: pounds(
    "the inside, no dismantling surcharge",
    0,
    "It cannot be negative",
  ),
  outside_price: pounds("the outside surcharge", 0, "It cannot be negative"),
});
export type ProductInputField = keyof typeof productSchema.shape;
export type ProductField = ProductInputField | WasteField | LoadField | "image";
export const PRODUCT_INPUT_FIELDS = Object.keys(productSchema.shape) as ProductInputField[];
/**
 * The waste class's fields (docs/rules.md#waste-classes): optional for /api clients, which may
 * leave them out (a product keeps its own). The staff form sends `waste_form` with them, so a
 * checkbox it leaves unticked is off.
 */
export const WASTE_INPUT_FIELDS = [
  "waste_description",
  "low_code",
  "pops",
  "hazardous",
  ...Object.values(WASTE_FACT_FIELDS),
] as const;

/**
 * The staff form ticks each POP and hazardous property in its own box: with `waste_form` sent,
 * the boxes ticked are the lists (none ticked: none). The /api and the CSV send the lists.
 */
export function withTickedCodes(values: Record<string, unknown>): Record<string, unknown> {
  if (!("waste_form" in values)) return values;
  const ticked = (codes: readonly string[], box: (code: string) => string) =>
    codes.filter((code) => flagValue(values[box(code)])).join(",");
  return {
    ...values,
    [WASTE_FACT_FIELDS.popCodes]: ticked(POP_CODE_LIST, popCodeBox),
    [WASTE_FACT_FIELDS.hpCodes]: ticked(HP_CODE_LIST, hpCodeBox),
  };
}

/**
 * A product's load and handling minutes (docs/rules.md#capacity-by-load): optional for /api
 * clients, which may leave them out (a new product gets the defaults, a changed one keeps its
 * own); sent empty or wrong, they are refused. The staff form always sends both.
 */
export const LOAD_INPUT_FIELDS = ["load", "handling_minutes"] as const;
export type LoadField = (typeof LOAD_INPUT_FIELDS)[number];

/** A new product's load when none is given: 1 cubic yard, 15 minutes (the migration's defaults). */
export const DEFAULT_LOAD = { loadHundredths: 100, handlingMinutes: 15 } as const;

/** The most one product may take: 50 cubic yards (five full van trips), 600 minutes. */
export const MAX_LOAD_HUNDREDTHS = 5000;
export const MAX_HANDLING_MINUTES = 600;

/** A product's load in cubic yards (0.01–50, 2 decimals) and its handling minutes (1–600). */
export const productLoadSchema = z.object({
  load: hundredths(
    { min: 1, max: MAX_LOAD_HUNDREDTHS },
    {
      missing: "Please enter the load in cubic yards",
      format: "Please enter the load in cubic yards with at most 2 decimals, such as 0.1 or 2.5",
      tooLow: "The load must be at least 0.01 cubic yards",
      tooHigh: "The load can be at most 50 cubic yards",
    },
  ),
  handling_minutes: wholeNumber(
    { min: 1, max: MAX_HANDLING_MINUTES, digits: 4 },
    {
      missing: "Please enter the handling minutes",
      notWhole: "Please enter the handling minutes as a whole number, such as 15",
      outOfRange: "Handling minutes must be between 1 and 600",
    },
  ),
});

/**
 * A load typed in cubic yards ("0.1", "2.5", "2", ".5") → hundredths of a cubic yard. At most
 * two decimal places, more than 0, at most 50.
 */
export const parseLoadYards = (raw: unknown) => checkField(productLoadSchema.shape.load, raw);

/** Handling minutes typed as a whole number, 1–600. */
export const parseHandlingMinutes = (raw: unknown) =>
  checkField(productLoadSchema.shape.handling_minutes, raw);

/** The product form's limits (names and descriptions, handling minutes), for the page. */
export const PRODUCT_FORM_LIMITS = {
  ...formLimits(productSchema),
  ...formLimits(productLoadSchema),
};

/** The load fields checked: a field left out keeps `fallback`. */
function checkLoad(
  values: Record<string, unknown>,
  fallback: { loadHundredths: number; handlingMinutes: number },
) {
  const errors: Partial<Record<LoadField, string>> = {};
  let loadHundredths = fallback.loadHundredths;
  let handlingMinutes = fallback.handlingMinutes;
  if ("load" in values) {
    const load = parseLoadYards(values.load);
    if (load.ok) loadHundredths = load.value;
    else errors.load = load.error;
  }
  if ("handling_minutes" in values) {
    const minutes = parseHandlingMinutes(values.handling_minutes);
    if (minutes.ok) handlingMinutes = minutes.value;
    else errors.handling_minutes = minutes.error;
  }
  return { errors, load: { loadHundredths, handlingMinutes } };
}

export type ProductSaveResult =
  | { ok: true; product: Product }
  | {
      ok: false;
      status: 400 | 404;
      message: string;
      errors: Partial<Record<ProductField, string>>;
    };

/**
 * The form's values checked (a refused image is an error too), the waste class, and the first
 * image that arrived. `hadCode`: the product already has a List of Wastes code (it may not be
 * emptied again).
 */
export function validateProductInput(
  values: Record<string, unknown>,
  images: readonly ReceivedProductImage[],
  hadCode = false,
  /** the product's facts, kept unchecked when nothing about its waste was sent */
  keptFacts?: WasteFacts,
) {
  // A field that was not sent is treated as left empty (so it gets the same message).
  const input = Object.fromEntries(
    PRODUCT_INPUT_FIELDS.map((key) => [key, typeof values[key] === "string" ? values[key] : ""]),
  );
  const parsed = productSchema.safeParse(input);
  const errors = parsed.success ? {} : fieldErrors<ProductField>(parsed.error);
  const waste = checkWasteClass(values, hadCode);
  if (!waste.ok) Object.assign(errors, waste.errors);
  const wasteClass: WasteClass = waste.ok ? waste.wasteClass : NO_WASTE_CLASS;
  const facts = keptFacts
    ? ({ ok: true, facts: keptFacts } as const)
    : checkWasteFacts(values, wasteClass);
  if (!facts.ok) Object.assign(errors, facts.errors);
  const wasteFacts = facts.ok ? facts.facts : DEFAULT_WASTE_FACTS;
  const loadCheck = checkLoad(values, DEFAULT_LOAD);
  Object.assign(errors, loadCheck.errors);
  const refused = images.find((i) => "error" in i);
  if (refused && "error" in refused) errors.image = refused.error;
  const image = images.flatMap((i) => ("image" in i ? [i.image] : []))[0];
  return { parsed, errors, image, wasteClass, wasteFacts, load: loadCheck.load };
}

/** Checked form values as a product's fields (money in pence). */
export function toProductFields(
  data: z.infer<typeof productSchema>,
  waste: WasteClass,
  load: { loadHundredths: number; handlingMinutes: number },
  wasteFacts: WasteFacts,
): ProductFields {
  return {
    name: data.product_name,
    description: data.product_description,
    category: data.product_category,
    pricePence: data.product_price,
    insideDismantlePence: data.inside_dismantle_price,
    insideNoDismantlePence: data.inside_no_dismantle_price,
    outsidePence: data.outside_price,
    waste,
    wasteFacts,
    loadHundredths: load.loadHundredths,
    handlingMinutes: load.handlingMinutes,
  };
}

/** A refused save: 400, the first error as the message, every error by field. */
export const productFailure = (
  errors: Partial<Record<ProductField, string>>,
): Extract<ProductSaveResult, { ok: false }> => ({
  ok: false,
  status: 400,
  message: Object.values(errors)[0] ?? PRODUCT_MESSAGES.failed,
  errors,
});

/** A product as the form shows it: the spec's field names, money in pounds. */
export function productFormValues(
  product: Product,
): Record<ProductInputField | (typeof WASTE_INPUT_FIELDS)[number] | LoadField, string> {
  const money = (pence: number) => penceToPounds(pence).toFixed(2);
  return {
    product_name: product.name,
    product_price: money(product.pricePence),
    product_description: product.description,
    product_category: product.category,
    inside_dismantle_price: money(product.insideDismantlePence),
    inside_no_dismantle_price: money(product.insideNoDismantlePence),
    outside_price: money(product.outsidePence),
    waste_description: product.waste.wasteDescription,
    low_code: product.waste.lowCode,
    pops: product.waste.pops ? "on" : "",
    hazardous: product.waste.hazardous ? "on" : "",
    ...wasteFactValues(product.wasteFacts),
    load: formatLoadYards(product.loadHundredths),
    handling_minutes: String(product.handlingMinutes),
  };
}
