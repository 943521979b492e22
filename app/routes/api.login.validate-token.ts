import type { LoaderFunctionArgs } from "@remix-run/node";
import { currentStaffSession } from "~/models/staff/staff-auth.server";

/** GET /api/login/validate-token → {status}: false when not signed in (docs/api.md#rows). */
export async function loader({ request }: LoaderFunctionArgs) {
  const current = await currentStaffSession(request);
  return Response.json(
    { status: current !== undefined },
    { headers: { "Cache-Control": "no-store" } },
  );
}
