import type { ActionFunctionArgs } from "@remix-run/node";
import { deleteUnansweredQuote } from "~/models/quote.server";
import { requireStaff } from "~/services/auth.server";

/** POST /api/orders/delete-quote {ID} — deletes an unanswered quote and its photos (staff only). */
export async function action({ request }: ActionFunctionArgs) {
  await requireStaff(request, "api");
  const body = (await request.json().catch(() => ({}))) as { ID?: unknown };
  const deleted = await deleteUnansweredQuote(Number(body.ID));
  return deleted
    ? Response.json({ status: true, message: "deleted" })
    : Response.json(
        { status: false, message: "No unanswered quote with that ID" },
        { status: 404 },
      );
}
