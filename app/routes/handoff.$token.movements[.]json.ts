import type { LoaderFunctionArgs } from "@remix-run/node";
import { linkMissResponse } from "~/models/customer-links/customer-link.server";
import { movementsJson } from "~/models/waste-tracking/defra-records.server";
import { handoffOf } from "~/models/waste-tracking/tip-run-handoff.server";

/**
 * GET /handoff/{token}/movements.json — `{ "movements": [...] }`: the Defra records of one load,
 * as the receiving site submits them to Defra's Receipt API (docs/rules.md#the-defra-record), the
 * ready ones only; the same body as the office's export for that load. No household's details.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const found = await handoffOf(token);
  if (!found.found)
    return found.expired
      ? new Response("This load's records are no longer open.", { status: 410 })
      : linkMissResponse(context.clientIp, "We could not find that load.");
  return new Response(movementsJson(found.records), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="defra-movements-${found.sheet.reference}.json"`,
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "same-origin",
      "X-Robots-Tag": "noindex",
    },
  });
}
