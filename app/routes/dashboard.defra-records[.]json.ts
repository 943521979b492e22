import type { LoaderFunctionArgs } from "@remix-run/node";
import { checkTransferRange } from "~/models/job-day/waste-export.server";
import { requireStaff } from "~/models/staff/staff-auth.server";
import { defraRecords } from "~/models/waste-tracking/defra-records.server";

/**
 * GET /dashboard/defra-records.json?from=…&to=… — Defra's record of every job delivered on a load
 * that arrived on those days (docs/rules.md#the-defra-record), each checked, to hand to the sites.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const q = new URL(request.url).searchParams;
  const range = checkTransferRange({ from: q.get("from"), to: q.get("to") });
  if (!range.ok) throw new Response(range.message, { status: 400 });
  const records = await defraRecords(range.from, range.to);
  const body = {
    period: { from: range.from, to: range.to },
    count: records.length,
    ready: records.filter((r) => r.problems.length === 0).length,
    records: records.map((r) => ({
      reference: r.reference,
      ready: r.problems.length === 0,
      problems: r.problems,
      movement: r.movement,
    })),
  };
  return new Response(JSON.stringify(body, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="defra-records-${range.from}-to-${range.to}.json"`,
      "Cache-Control": "no-store",
    },
  });
}
