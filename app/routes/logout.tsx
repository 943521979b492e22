import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { endCurrentSession } from "~/models/staff-auth.server";

/** POST /logout ends the staff session on the server and clears its cookies. */
export async function action({ request }: ActionFunctionArgs) {
  return redirect("/login?signedOut=1", {
    status: 303,
    headers: await endCurrentSession(request),
  });
}

export function loader() {
  return redirect("/dashboard");
}
