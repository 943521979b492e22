import {
  addLine,
  BAG_ERRORS,
  BagFullError,
  MAX_QUANTITY,
  parseQuantity,
  QUANTITY_MESSAGE,
  QuantityError,
  setLineQuantity,
  type BagErrorCode,
  type CartLine,
} from "~/lib/cart";
import { anyTimeDiscountPence, anyTimeOffered, orderLoad } from "~/lib/capacity";
import { formatPence } from "~/lib/format";
import { db } from "~/services/db.server";
import { orderLimits } from "../shop/settings.server";
import { isPosition, POSITION_LABELS, unitPricePence, type Position } from "~/lib/positions";
import type { WasteSnapshot } from "./place-order.server";
import { getProduct, getProductsByIds, type ProductImage } from "../catalogue/product.server";
import { businessProfile } from "~/models/shop/business-profile.server";

export interface BagLine {
  id: number;
  position: Position;
  positionLabel: string;
  quantity: number;
  name: string;
  image: ProductImage;
  unitPricePence: number;
  lineTotalPence: number;
}

export interface PricedBag {
  lines: BagLine[];
  subtotalPence: number;
  count: number;
  /** lines whose product has left the shop since they were added */
  dropped: number;
  /** the cookie's lines that are still valid (write back when dropped > 0) */
  kept: CartLine[];
}

/** Prices the bag from the database; the browser's cookie only says what and how many. */
export async function priceBag(lines: readonly CartLine[]): Promise<PricedBag> {
  const products = await getProductsByIds(lines.map((l) => l.id));
  const priced: BagLine[] = [];
  const kept: CartLine[] = [];
  for (const line of lines) {
    const product = products.get(line.id);
    if (!product) continue;
    kept.push(line);
    const unit = unitPricePence(product, line.position);
    priced.push({
      id: line.id,
      position: line.position,
      positionLabel: POSITION_LABELS[line.position],
      quantity: line.quantity,
      name: product.name,
      image: product.image,
      unitPricePence: unit,
      lineTotalPence: unit * line.quantity,
    });
  }
  return {
    lines: priced,
    subtotalPence: priced.reduce((sum, l) => sum + l.lineTotalPence, 0),
    count: priced.reduce((sum, l) => sum + l.quantity, 0),
    dropped: lines.length - kept.length,
    kept,
  };
}

export type AddToBagResult =
  { ok: true; lines: CartLine[] } | { ok: false; code: BagErrorCode; message: string };

const bagError = (code: BagErrorCode): AddToBagResult => ({
  ok: false,
  code,
  message: BAG_ERRORS[code],
});

/**
 * Adds a product on sale to the bag (merging with the same product and
 * position). No quantity means one; a quantity that is not a whole number
 * 1–99, or a merge past 99, is refused.
 */
export async function addToBag(
  lines: readonly CartLine[],
  input: { id: unknown; position: unknown; quantity: unknown },
): Promise<AddToBagResult> {
  if (!isPosition(input.position)) return bagError("position");
  const quantity =
    input.quantity === null || input.quantity === undefined ? 1 : parseQuantity(input.quantity);
  if (quantity === null) return bagError("quantity");
  const id =
    typeof input.id === "string" && /^\d{1,9}$/.test(input.id) ? Number(input.id) : input.id;
  const product = typeof id === "number" ? await getProduct(id) : undefined;
  if (!product) return bagError("product");
  try {
    return {
      ok: true,
      lines: addLine(lines, { id: product.id, position: input.position, quantity }),
    };
  } catch (error) {
    if (error instanceof BagFullError) return bagError("bag");
    if (error instanceof QuantityError) return bagError("quantity");
    throw error;
  }
}

/** Sets a bag line's quantity (1–99); anything else is refused and the bag is unchanged. */
export function setBagQuantity(
  lines: readonly CartLine[],
  input: { id: unknown; position: unknown; quantity: unknown },
): AddToBagResult {
  const id = Number(input.id);
  const position = input.position;
  if (!isPosition(position) || !lines.some((l) => l.id === id && l.position === position))
    return bagError("line");
  const quantity = parseQuantity(input.quantity);
  if (quantity === null) return bagError("quantity");
  return { ok: true, lines: setLineQuantity(lines, { id, position }, quantity) };
}

// ---------------------------------------------------------------------------
// An order's lines: checked, merged and capped before a checkout

/** The largest order the site takes online (settings; beyond it, a quote). */
export interface OrderLimits {
  maxTotalPence: number;
  maxLines: number;
}

/** A line as a client sent it: nothing trusted yet. */
export interface RawLine {
  id: unknown;
  position: unknown;
  quantity: unknown;
}

/** What the check needs to know of a product. */
export interface LineProduct {
  id: number;
  name: string;
  onSale: boolean;
  unitPence: Record<Position, number>;
}

export type LineCheck =
  | { ok: true; lines: CartLine[]; totalPence: number }
  /** unavailable: lines whose product is unknown or has left the shop */
  | { ok: false; errors: string[]; unavailable: number };

const describeLine = (n: number, product?: LineProduct, position?: Position) =>
  `Line ${n}${product ? ` (${product.name}${position ? `, ${POSITION_LABELS[position]}` : ""})` : ""}`;

/**
 * The one rule for an order's lines, for the /api and the checkout page:
 * each line names a product on sale, an option and a whole quantity 1–99;
 * the same product and option are merged into one line (at most 99); and the
 * order stays within the lines and total the business takes online. Every
 * problem is reported, naming its line (counted from 1, as sent).
 */
export function validateOrderLines(
  raw: readonly RawLine[],
  products: ReadonlyMap<number, LineProduct>,
  limits: OrderLimits,
  phone: string,
): LineCheck {
  const errors: string[] = [];
  let unavailable = 0;
  const merged = new Map<string, { line: CartLine; from: number[] }>();
  raw.forEach((item, index) => {
    const n = index + 1;
    const id =
      typeof item.id === "number" && Number.isSafeInteger(item.id) && item.id > 0 ? item.id : null;
    const product = id === null ? undefined : products.get(id);
    const position = isPosition(item.position) ? item.position : undefined;
    if (id === null) {
      errors.push(`${describeLine(n)}: a product id (a whole number) is needed.`);
      return;
    }
    if (!product || !product.onSale) {
      unavailable += 1;
      errors.push(
        product
          ? `${describeLine(n, product)}: this item is no longer available.`
          : `${describeLine(n)}: there is no item with id ${id} for sale.`,
      );
      return;
    }
    if (!position) {
      errors.push(
        `${describeLine(n, product)}: please choose an option (${Object.values(POSITION_LABELS).join(", ")}).`,
      );
      return;
    }
    const quantity = parseQuantity(item.quantity);
    if (quantity === null) {
      errors.push(`${describeLine(n, product, position)}: ${QUANTITY_MESSAGE}`);
      return;
    }
    const key = `${id}:${position}`;
    const existing = merged.get(key);
    if (existing) {
      existing.line.quantity += quantity;
      existing.from.push(n);
    } else merged.set(key, { line: { id, position, quantity }, from: [n] });
  });
  for (const { line, from } of merged.values()) {
    if (line.quantity > MAX_QUANTITY) {
      const product = products.get(line.id)!;
      errors.push(
        `Lines ${from.join(" and ")} (${product.name}, ${POSITION_LABELS[line.position]}) add up to ${line.quantity}; one order can have at most ${MAX_QUANTITY} of an item.`,
      );
    }
  }
  if (errors.length > 0) return { ok: false, errors, unavailable };

  const lines = [...merged.values()].map((m) => m.line);
  const totalPence = lines.reduce(
    (sum, line) => sum + products.get(line.id)!.unitPence[line.position] * line.quantity,
    0,
  );
  if (lines.length > limits.maxLines)
    errors.push(
      `An order can have at most ${limits.maxLines} different items; this one has ${lines.length}. For a bigger clearance, ask us for a quote or call ${phone}.`,
    );
  if (totalPence > limits.maxTotalPence)
    errors.push(
      `Orders over ${formatPence(limits.maxTotalPence)} cannot be booked online (this one comes to ${formatPence(totalPence)}). For a job this size, ask us for a quote or call ${phone}.`,
    );
  return errors.length > 0 ? { ok: false, errors, unavailable } : { ok: true, lines, totalPence };
}

/**
 * A product as a checkout needs it, read once for the whole checkout: its prices and whether it
 * is still on sale (validateOrderLines; retired ones too, to name them), and what an order line
 * keeps of it (description, picture, waste class, load).
 */
export interface CatalogueProduct extends LineProduct {
  description: string;
  imageId: string;
  waste: WasteSnapshot;
  loadHundredths: number;
  handlingMinutes: number;
}

/** The catalogue's entries for these ids, retired products included: the checkout's one read. */
async function readCatalogue(ids: readonly unknown[]): Promise<Map<number, CatalogueProduct>> {
  const wanted = [
    ...new Set(
      ids.filter(
        (id): id is number => typeof id === "number" && Number.isSafeInteger(id) && id > 0,
      ),
    ),
  ];
  if (wanted.length === 0) return new Map();
  const rows = await db()
    .selectFrom("products")
    .select([
      "id",
      "name",
      "description",
      "retired_at",
      "price_pence",
      "inside_dismantle_pence",
      "inside_no_dismantle_pence",
      "outside_pence",
      "image_id as imageId",
      "waste_description",
      "low_code",
      "pops",
      "hazardous",
      "load_hundredths as loadHundredths",
      "handling_minutes as handlingMinutes",
    ])
    .where("id", "in", wanted)
    .execute();
  return new Map(
    rows.map(
      ({ retired_at, price_pence: base, waste_description, low_code, pops, hazardous, ...r }) => {
        const { inside_dismantle_pence, inside_no_dismantle_pence, outside_pence, ...product } = r;
        const unitPence = {
          inside_dismantle: base + inside_dismantle_pence,
          inside_no_dismantle: base + inside_no_dismantle_pence,
          outside: base + outside_pence,
        };
        const waste = { waste_description, low_code, pops, hazardous };
        return [r.id, { ...product, onSale: retired_at === null, unitPence, waste }];
      },
    ),
  );
}

/** A bag's line with its product as the catalogue says it now (the checkout's one read). */
export interface ProductLine extends CartLine {
  product: CatalogueProduct;
  unitPricePence: number;
}

/** The lines whose product is still on sale, with it; the others have left the shop. */
function linesOnSale(
  lines: readonly CartLine[],
  catalogue: ReadonlyMap<number, CatalogueProduct>,
): ProductLine[] {
  return lines.flatMap((line) => {
    const product = catalogue.get(line.id);
    if (!product?.onSale) return [];
    return [{ ...line, product, unitPricePence: product.unitPence[line.position] }];
  });
}

/** What lines take of a van and a crew (THE capacity rule's request), as their products say today. */
function needOf(lines: readonly ProductLine[]): { loadHundredths: number; minutes: number } {
  const { loadHundredths, minutes } = orderLoad(
    lines.map((l) => ({
      quantity: l.quantity,
      loadHundredths: l.product.loadHundredths,
      handlingMinutes: l.product.handlingMinutes,
    })),
  );
  return { loadHundredths, minutes };
}

/** The cookie's lines that are whole: anything else counts nothing towards a day. */
const wholeLines = (raw: readonly RawLine[]): CartLine[] =>
  raw.flatMap((line) => {
    const quantity = parseQuantity(line.quantity);
    return typeof line.id === "number" && isPosition(line.position) && quantity !== null
      ? [{ id: line.id, position: line.position, quantity }]
      : [];
  });

export type OrderLinesCheck = (
  | { ok: true; lines: ProductLine[]; totalPence: number }
  | { ok: false; errors: string[]; unavailable: number }
) & {
  /** what the lines still on sale take of a day, for the calendar shown beside an error */
  need: { loadHundredths: number; minutes: number };
};

/**
 * Checks an order's lines against the catalogue and the business's limits (validateOrderLines),
 * reading the catalogue once: the lines come back merged, each with its product.
 */
export async function checkOrderLines(raw: readonly RawLine[]): Promise<OrderLinesCheck> {
  const [catalogue, limits] = await Promise.all([
    readCatalogue(raw.map((line) => line.id)),
    orderLimits(),
  ]);
  const need = needOf(linesOnSale(wholeLines(raw), catalogue));
  const checked = validateOrderLines(raw, catalogue, limits, businessProfile().phone);
  if (!checked.ok) return { ...checked, need };
  return { ...checked, lines: linesOnSale(checked.lines, catalogue), need };
}

/**
 * What a bag's lines take of a van and a crew (THE capacity rule's request), as the products say
 * today; a line whose product has gone counts nothing.
 */
export async function bagNeed(lines: readonly CartLine[]) {
  return needOf(linesOnSale(lines, await readCatalogue(lines.map((l) => l.id))));
}

/**
 * The bag as the checkout page shows it, from one read of the catalogue: its lines and total,
 * lines whose product left the shop, and (before the form is filled in) why
 * the site cannot take an order this big online.
 */
export async function checkoutBag(cart: readonly CartLine[]) {
  const [catalogue, limits] = await Promise.all([
    readCatalogue(cart.map((line) => line.id)),
    orderLimits(),
  ]);
  const lines = linesOnSale(cart, catalogue);
  const dropped = cart.length - lines.length;
  const checked =
    dropped === 0 && cart.length > 0
      ? validateOrderLines(cart, catalogue, limits, businessProfile().phone)
      : null;
  const subtotalPence = lines.reduce((sum, l) => sum + l.unitPricePence * l.quantity, 0);
  return {
    lines: lines.map((l) => ({
      name: l.product.name,
      positionLabel: POSITION_LABELS[l.position],
      quantity: l.quantity,
      lineTotalPence: l.unitPricePence * l.quantity,
    })),
    /** what the bag takes of a van and a crew (THE capacity rule's request) */
    need: needOf(lines),
    /** the "any time" discount, when every item is left outside (null: any time is not offered) */
    anyTimeDiscountPence: anyTimeOffered(lines) ? anyTimeDiscountPence("any", lines) : null,
    subtotalPence,
    dropped,
    tooBig: checked && !checked.ok ? checked.errors.join(" ") : null,
  };
}
