import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { FlashNotice } from "~/components/flash-notice";
import { QrCodeImage } from "~/components/qr-code-image";
import { formatLongDateTime, formatPence } from "~/lib/format";
import { requireId } from "~/lib/ids";
import { titled } from "~/lib/page-title";
import { qrSvgPath } from "~/lib/qr-code";
import { formatKilograms } from "~/lib/waste-facts";
import { requireStaff } from "~/models/staff/staff-auth.server";
import { handoffOfSheet, tipRunSheet } from "~/models/waste-tracking/tip-run-handoff.server";
import { readFlash } from "~/services/flash.server";

/**
 * One load at the tip (docs/rules.md#tip-runs), where the crew lands once it is recorded: the QR
 * code the site scans for the load's Defra records (big enough to read off a phone held up at the
 * weighbridge window), what was on the load, and its printable sheet with the same code.
 */

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request);
  const id = requireId(params.id, "Tip run not found");
  const sheet = await tipRunSheet(id);
  if (!sheet) throw new Response("Tip run not found", { status: 404 });
  const { flash, headers } = await readFlash(request, "tip-run");
  const handoff = handoffOfSheet(sheet);
  return data(
    {
      sheet,
      flash,
      handoff: {
        url: handoff.url,
        openUntil: handoff.openUntil,
        size: handoff.code.size,
        path: qrSvgPath(handoff.code),
      },
    },
    { headers },
  );
}

export default function TipRun() {
  const { sheet, flash, handoff } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="tip-run-title" className="tip-sites">
      <p>
        <Link to="/dashboard/tip-runs">← Tip runs</Link>
      </p>
      <h1 id="tip-run-title">Tip run {sheet.reference}</h1>
      <FlashNotice flash={flash} testId="tip-run-flash" />
      <div className="takings-panel tip-run-handoff">
        <QrCodeImage
          path={handoff.path}
          size={handoff.size}
          label={`QR code of this load's Defra records for ${sheet.site.name}`}
        />
        <div>
          <h2>Show this to the site</h2>
          <p>
            The site scans it for each job&apos;s record as Defra&apos;s Receipt API takes it. It
            opens until {handoff.openUntil} and shows no customer&apos;s details.
          </p>
          <p className="tip-run-handoff-url" data-testid="handoff-url">
            {handoff.url}
          </p>
          <p>
            <a
              href={`/dashboard/tip-runs/${sheet.id}/sheet.pdf`}
              className="button button-secondary"
            >
              Print the sheet (PDF)
            </a>
          </p>
        </div>
      </div>
      <dl className="detail-list">
        <dt>Site</dt>
        <dd>
          {sheet.site.name}, {sheet.site.address} · {sheet.site.authorisationNumber}
        </dd>
        <dt>Arrived</dt>
        <dd>{formatLongDateTime(sheet.arrivedAt)}</dd>
        <dt>Van</dt>
        <dd>{sheet.vehicleRegistration}</dd>
        <dt>Weight</dt>
        <dd>
          {formatKilograms(sheet.netGrams)} net
          {sheet.grossGrams !== null && sheet.tareGrams !== null
            ? ` (${formatKilograms(sheet.grossGrams)} gross, ${formatKilograms(sheet.tareGrams)} tare)`
            : ""}
        </dd>
        <dt>Ticket</dt>
        <dd>{sheet.ticketNumber || "none given"}</dd>
        <dt>Gate fee</dt>
        <dd>{formatPence(sheet.gateFeePence)}</dd>
        <dt>Recorded by</dt>
        <dd>{sheet.recordedBy}</dd>
      </dl>
      <h2>On this load</h2>
      <ul className="tip-site-list" data-testid="tip-run-jobs">
        {sheet.jobs.map((job) => (
          <li key={job.wtnReference} className="takings-panel">
            <h3>
              {job.wtnReference}
              {job.bookingReference ? ` · ${job.bookingReference}` : ""}
            </h3>
            <p>{job.waste.join("; ")}</p>
            <p>
              {formatKilograms(job.weightGrams)} estimated · share of the fee{" "}
              {formatPence(job.costPence)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export const meta = titled("Tip run", "dashboard");
