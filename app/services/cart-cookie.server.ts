import { createCookie } from "@remix-run/node";
import { z } from "zod";
import { MAX_LINES, MAX_QUANTITY, mergeLines, type CartLine } from "~/lib/cart";
import { config } from "./config.server";
import { POSITIONS } from "~/lib/domain";

const cartSchema = z
  .array(
    z.object({
      id: z.number().int().positive(),
      position: z.enum(POSITIONS),
      quantity: z.number().int().min(1).max(MAX_QUANTITY),
    }),
  )
  .max(MAX_LINES);

/** The cookie's value → bag lines; anything that is not a valid bag becomes an empty bag. */
export function parseCart(value: unknown): CartLine[] {
  const result = cartSchema.safeParse(value);
  return result.success ? mergeLines(result.data) : [];
}

/**
 * The `cart` cookie (docs/rules.md#the-bag): essential, so no consent is
 * needed. Marked Secure in production (set when it is written, since the
 * configuration is read at start-up).
 */
export const cartCookie = createCookie("cart", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 30,
});

/** The bag's lines; a cookie that does not parse or validate is an empty bag. */
export async function readCart(request: Request): Promise<CartLine[]> {
  try {
    return parseCart(await cartCookie.parse(request.headers.get("Cookie")));
  } catch {
    return [];
  }
}

/** The Set-Cookie value that stores these lines (or clears an empty bag). */
export async function writeCart(lines: readonly CartLine[]): Promise<string> {
  const compact = lines.map(({ id, position, quantity }) => ({ id, position, quantity }));
  const secure = config().isProduction;
  return compact.length === 0
    ? cartCookie.serialize("", { maxAge: 0, secure })
    : cartCookie.serialize(compact, { secure });
}
