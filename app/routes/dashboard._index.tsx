import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireStaff } from "~/models/staff/staff-auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  return redirect("/dashboard/home");
}
