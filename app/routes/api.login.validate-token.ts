import type { LoaderFunctionArgs } from "@remix-run/node";
import { currentStaffSession } from "~/models/staff-auth.server";

/** GET /api/login/validate-token → {status}: false when not signed in (spec §7). */
export async function loader({ request }: LoaderFunctionArgs) {
  const current = await currentStaffSession(request);
  return Response.json(
    { status: current !== undefined },
    { headers: { "Cache-Control": "no-store" } },
  );
}
