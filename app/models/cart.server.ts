import {
  addLine,
  BAG_ERRORS,
  BagFullError,
  clampQuantity,
  type BagErrorCode,
  type CartLine,
} from "~/lib/cart";
import { isPosition, POSITION_LABELS, unitPricePence, type Position } from "~/lib/positions";
import { getProduct, getProductsByIds, type ProductImage } from "./product.server";

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

/** Adds a product on sale to the bag (merging with the same product and position). */
export async function addToBag(
  lines: readonly CartLine[],
  input: { id: number; position: string | null | undefined; quantity: unknown },
): Promise<AddToBagResult> {
  if (!isPosition(input.position))
    return { ok: false, code: "position", message: BAG_ERRORS.position };
  const product = await getProduct(input.id);
  if (!product) return { ok: false, code: "product", message: BAG_ERRORS.product };
  try {
    return {
      ok: true,
      lines: addLine(lines, {
        id: product.id,
        position: input.position,
        quantity: clampQuantity(input.quantity),
      }),
    };
  } catch (error) {
    if (error instanceof BagFullError) return { ok: false, code: "bag", message: BAG_ERRORS.bag };
    throw error;
  }
}
