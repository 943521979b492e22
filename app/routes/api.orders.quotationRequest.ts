import type { LoaderFunctionArgs } from "@remix-run/node";
import { penceToPounds } from "~/lib/format";
import { listQuotes } from "~/models/quotes/quote.server";
import { requireStaff } from "~/models/staff/staff-auth.server";

/**
 * GET /api/orders/quotationRequest?full_name=&email=&phone_number=&responded=&state=&limit= (staff
 * only): the spec's stored quotes, `img_url` naming each photo for /api/products/quotes-img/{name};
 * added: `state` (as staff see it) and the latest price, `price` (pounds) and `valid_until`.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "api");
  const q = new URL(request.url).searchParams;
  const { quotes } = await listQuotes({
    // The staff search box, as the dashboard's list reads it (docs/rules.md#staff-search).
    q: q.get("q"),
    from: q.get("from"),
    to: q.get("to"),
    fullName: q.get("full_name"),
    email: q.get("email"),
    phoneNumber: q.get("phone_number"),
    responded: q.get("responded"),
    state: q.get("state"),
    limit: Number(q.get("limit")),
    page: Number(q.get("page")),
  });
  return Response.json(
    quotes.map((x) => ({
      ID: x.id,
      full_name: x.full_name,
      email: x.email,
      phone_number: x.phone_number,
      address_1: x.address_1,
      town: x.town,
      postcode: x.postcode,
      comments: x.comments,
      img_url: x.photoNames,
      responded: x.responded,
      created_at: x.created_at,
      photos: x.photos,
      state: x.shownState,
      price: x.price_pence === null ? null : penceToPounds(x.price_pence),
      valid_until: x.valid_until,
    })),
  );
}
