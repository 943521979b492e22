/**
 * Record ids in URLs (/product/12, /dashboard/orders/7, /api/products/products/3):
 * a positive whole number of at most 12 digits. Anything else is no record,
 * so the route answers 404 whatever the database holds.
 */
const ID_PATTERN = /^\d{1,12}$/;

/** The id a route parameter names, or undefined when it is not a positive whole number. */
export function parseId(param: string | undefined): number | undefined {
  if (param === undefined || !ID_PATTERN.test(param)) return undefined;
  const id = Number(param);
  return id > 0 ? id : undefined;
}

/** The id a route parameter names; anything else is thrown as a 404 with this text. */
export function requireId(param: string | undefined, notFound: string): number {
  const id = parseId(param);
  if (id === undefined) throw new Response(notFound, { status: 404 });
  return id;
}
