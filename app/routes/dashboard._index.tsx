import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { ROLE_START } from "~/lib/staff-roles";
import { requireStaff } from "~/models/staff/staff-auth.server";

/** The dashboard's door: each role to its own start (the crew to the day's run). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStaff(request);
  return redirect(ROLE_START[user.role]);
}
