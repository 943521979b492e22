import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { customerLinkPage } from "~/components/customer-link-page";
import { formatLongDateTime } from "~/lib/format";
import { formatKilograms } from "~/lib/waste-facts";
import { HANDOFF_DAYS, wasteItemText } from "~/lib/tip-run";
import { linkMissResponse } from "~/models/customer-links/customer-link.server";
import { businessProfile } from "~/models/shop/business-profile.server";
import { handoffOf } from "~/models/waste-tracking/tip-run-handoff.server";

/**
 * /handoff/{token} — a load's hand-off to the receiving site (docs/rules.md#tip-runs), what the
 * QR code on the crew's screen and on the run's sheet opens: the carrier, the van, the load, and
 * each job's Defra record in words, with the records as Defra's Receipt API takes them
 * (/handoff/{token}/movements.json). No household's details. A token that opens nothing is a
 * miss, counted as for customers' links; a load past its days says so.
 */

export const { links, handle, meta, headers } = customerLinkPage("A load's waste records");

const NOT_FOUND =
  "We could not find that load. Please scan the code on the crew's screen or the printed sheet again.";

export async function loader({ params, context }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const found = await handoffOf(token);
  if (!found.found) {
    if (found.expired)
      throw new Response(
        `This load's records were open for ${HANDOFF_DAYS} days after it arrived. Please ask ${businessProfile().name} for them on ${businessProfile().phone}.`,
        { status: 410, headers: { "Content-Type": "text/plain; charset=utf-8" } },
      );
    throw await linkMissResponse(context.clientIp, NOT_FOUND);
  }
  const { sheet, records } = found;
  return {
    token,
    carrier: businessProfile().name,
    sheet: {
      reference: sheet.reference,
      arrivedAt: sheet.arrivedAt,
      vehicleRegistration: sheet.vehicleRegistration,
      netGrams: sheet.netGrams,
      ticketNumber: sheet.ticketNumber,
      site: sheet.site.name,
    },
    records: records.map((record) => ({
      reference: record.reference,
      ready: record.problems.length === 0,
      carrierRegistration: record.movement.carrier.registrationNumber ?? "",
      items: record.movement.wasteItems.map(wasteItemText),
    })),
  };
}

export default function Handoff() {
  const { token, carrier, sheet, records } = useLoaderData<typeof loader>();
  const ready = records.filter((record) => record.ready).length;
  return (
    <section className="container prose manage-booking" aria-labelledby="handoff-title">
      <p className="eyebrow">
        Load {sheet.reference} from {carrier}
      </p>
      <h1 id="handoff-title">Waste delivered to {sheet.site}</h1>
      <p>
        Arrived {formatLongDateTime(sheet.arrivedAt)} in van {sheet.vehicleRegistration},{" "}
        {formatKilograms(sheet.netGrams)} net
        {sheet.ticketNumber ? `, weighbridge ticket ${sheet.ticketNumber}` : ""}.
      </p>
      <p data-testid="handoff-ready">
        {ready === records.length
          ? `${records.length === 1 ? "Its record is" : `All ${records.length} records are`} ready for Defra's Receipt API.`
          : `${ready} of ${records.length} records are ready for Defra's Receipt API; ${carrier} is completing the others.`}
      </p>
      <p>
        <a className="button" href={`/handoff/${token}/movements.json`} download>
          Download the records (JSON)
        </a>
      </p>
      <ol className="handoff-records">
        {records.map((record) => (
          <li key={record.reference} data-testid="handoff-record">
            <h2>
              {record.reference}
              {record.ready ? "" : " (not ready yet)"}
            </h2>
            <p>Carrier registration {record.carrierRegistration}</p>
            <ul>
              {record.items.map((lines, i) => (
                <li key={i}>
                  {lines.map((line) => (
                    <span key={line} className="handoff-line">
                      {line}
                    </span>
                  ))}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}

export { ErrorBoundary } from "~/components/error-boundary";
