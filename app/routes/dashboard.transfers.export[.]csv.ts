import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportFilename, wasteTransfersCsv } from "~/lib/waste-export";
import { checkTransferRange, wasteTransfers } from "~/models/job-day/waste-export.server";
import { requireStaff } from "~/models/staff/staff-auth.server";

/** GET /dashboard/transfers/export.csv?from=…&to=… — the range's waste lines as CSV. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const q = new URL(request.url).searchParams;
  const range = checkTransferRange({ from: q.get("from"), to: q.get("to") });
  if (!range.ok) throw new Response(range.message, { status: 400 });
  return new Response(wasteTransfersCsv(await wasteTransfers(range)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFilename(range, "csv")}"`,
      "Cache-Control": "no-store",
    },
  });
}
