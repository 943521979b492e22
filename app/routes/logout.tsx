import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { endCurrentSession } from "~/models/staff/staff-auth.server";
import { redirectWithFlash } from "~/services/flash.server";

/** POST /logout ends the staff session on the server and clears its cookies. */
export async function action({ request }: ActionFunctionArgs) {
  return redirectWithFlash(
    "/login",
    "login",
    "You have signed out.",
    await endCurrentSession(request),
  );
}

export function loader() {
  return redirect("/dashboard");
}
