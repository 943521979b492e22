import type { LoaderFunctionArgs } from "@remix-run/node";
import { checkTransferRange } from "~/models/job-day/waste-export.server";
import { requireStaff } from "~/models/staff/staff-auth.server";
import { defraRecords, movementsJson } from "~/models/waste-tracking/defra-records.server";

/**
 * GET /dashboard/transfers/export.dwt.json?from=…&to=… — `{ "movements": [...] }`: Defra's record
 * of every job delivered on a load that arrived on those days (docs/rules.md#the-defra-record),
 * each checked by our schema of Defra's rules; a job whose record is not ready is left out (the
 * Transfers page lists it with what is missing).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const q = new URL(request.url).searchParams;
  const range = checkTransferRange({ from: q.get("from"), to: q.get("to") });
  if (!range.ok) throw new Response(range.message, { status: 400 });
  return new Response(movementsJson(await defraRecords(range)), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="defra-movements-${range.from}-to-${range.to}.json"`,
      "Cache-Control": "no-store",
    },
  });
}
