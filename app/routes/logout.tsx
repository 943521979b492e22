import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { destroySession, getSession } from "~/services/session.server";

/** POST /logout ends the staff session. */
export async function action({ request }: ActionFunctionArgs) {
  const session = await getSession(request);
  return redirect("/login?signedOut=1", {
    status: 303,
    headers: { "Set-Cookie": await destroySession(session) },
  });
}

export function loader() {
  return redirect("/dashboard");
}
