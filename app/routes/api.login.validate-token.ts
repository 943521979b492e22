import type { LoaderFunctionArgs } from "@remix-run/node";
import { getStaffUser } from "~/models/user.server";
import { sessionUserId } from "~/services/session.server";

/** GET /api/login/validate-token → {status}: false when not signed in (spec §7). */
export async function loader({ request }: LoaderFunctionArgs) {
  const id = await sessionUserId(request);
  const user = id ? await getStaffUser(id) : undefined;
  return Response.json({ status: Boolean(user) }, { headers: { "Cache-Control": "no-store" } });
}
