import type { RunningServer } from "./server";

/**
 * One way for a test to make a quote or an order: through the real forms and
 * /api routes a customer or a member of staff uses, never by writing rows.
 */

export interface Photo {
  name: string;
  bytes: Uint8Array;
  /** the part's content type (image/jpeg unless said) */
  type?: string;
}

/** A quote request as the page's multipart form sends it: these details, then the photos. */
export function quoteForm(fields: Record<string, string> = {}, photos: readonly Photo[] = []) {
  const form = new FormData();
  const all = {
    fullName: "Margaret Oduya",
    email: "margaret@example.com",
    phoneNumber: "07700 900456",
    address1: "14 Orchard Lane",
    town: "Reading",
    postcode: "RG1 4QX",
    comments: "A corner sofa and a broken fridge in the garage.\n\tSide gate is unlocked.",
    ...fields,
  };
  for (const [k, v] of Object.entries(all)) form.append(k, v);
  for (const p of photos)
    form.append(
      "images",
      new Blob([p.bytes as Uint8Array<ArrayBuffer>], { type: p.type ?? "image/jpeg" }),
      p.name,
    );
  return form;
}

/**
 * Posts a quote request to the spec's /api (201 when accepted) or, with
 * `pathName: "/quote"`, to the page (followed back to it, 200). `from` is the
 * sender's address (X-Forwarded-For): five quotes an hour are allowed from one.
 */
export function sendQuote(
  server: Pick<RunningServer, "url">,
  form: FormData,
  {
    from,
    pathName = "/api/products/quotationRequest",
    redirect = "follow",
  }: { from?: string; pathName?: string; redirect?: RequestRedirect } = {},
): Promise<Response> {
  return fetch(`${server.url}${pathName}`, {
    method: "POST",
    body: form,
    redirect,
    headers: { origin: server.url, ...(from ? { "x-forwarded-for": from } : {}) },
  });
}

/** The fields of a manual booking (staff), money in pounds as the /api takes it. */
export const BOOKING = {
  full_name: "Api Booker",
  email: "api@example.com",
  phone_number: "07700 900999",
  address_1: "9 Quay Street",
  town: "Bristol",
  postcode: "BN1 4DJ",
  order_price: 60,
  payment_method: "cash_payment",
} as const;

/**
 * Creates an order as staff do for a phone booking, through POST
 * /api/orders/custom-order. Returns the answer and the new order's id
 * (undefined when refused).
 */
export async function createBooking(
  server: Pick<RunningServer, "url">,
  staff: { cookie: string; xsrf: string },
  fields: Record<string, string | number> = {},
): Promise<{ response: Response; orderId: number | undefined }> {
  const response = await fetch(`${server.url}/api/orders/custom-order`, {
    method: "POST",
    headers: {
      cookie: staff.cookie,
      origin: server.url,
      "content-type": "application/json",
      "x-xsrf-token": staff.xsrf,
    },
    body: JSON.stringify({ ...BOOKING, ...fields }),
  });
  const body = (await response.clone().json()) as { order_id?: number };
  return { response, orderId: body.order_id };
}
