import type { LoaderFunctionArgs } from "@remix-run/node";
import { todayInLondon } from "~/lib/london-clock.server";
import { productsCsv } from "~/models/catalogue/product-import.server";
import { requireStaff } from "~/models/staff/staff-auth.server";

/** GET /dashboard/products/export.csv — every product on sale, as the import reads it back. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  return new Response(await productsCsv(), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="catalogue-${todayInLondon()}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
