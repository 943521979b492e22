import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { readApiJson } from "~/lib/api";
import { deleteUnansweredQuote } from "~/models/quotes/quote.server";
import { requireStaff } from "~/models/staff/staff-auth.server";

const deleteQuoteBody = z.object({
  ID: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31),
});

/** POST /api/orders/delete-quote {ID} — deletes an unanswered quote and its photos (staff only). */
export async function action({ request }: ActionFunctionArgs) {
  await requireStaff(request, "api");
  const body = await readApiJson(request, deleteQuoteBody);
  const deleted = await deleteUnansweredQuote(body.ID);
  return deleted
    ? Response.json({ status: true, message: "deleted" })
    : Response.json(
        { status: false, message: "No unanswered quote with that ID" },
        { status: 404 },
      );
}
