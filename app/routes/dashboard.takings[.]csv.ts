import type { LoaderFunctionArgs } from "@remix-run/node";
import { todayInLondon } from "~/lib/london-clock.server";
import { searchDays } from "~/lib/staff-search";
import { daysBetween, takingsPeriods } from "~/lib/takings";
import { takingsCsv, takingsFor } from "~/models/payments/takings.server";
import { requireStaff } from "~/models/staff/staff-auth.server";

/** GET /dashboard/takings.csv?from=&to=: the takings page's period as a spreadsheet. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const params = new URL(request.url).searchParams;
  const week = takingsPeriods(todayInLondon())[0];
  const asked = searchDays(params.get("from"), params.get("to"));
  const from = asked.from ?? week.from;
  const to = asked.to ?? (asked.from ? asked.from : week.to);
  const days = daysBetween(from, to);
  const report = await takingsFor(from, days.at(-1) ?? from);
  return new Response(takingsCsv(report), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="takings-${report.from}-to-${report.to}.csv"`,
      "cache-control": "private, no-store",
    },
  });
}
