import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AlertNotice } from "~/components/alert-notice";
import { FlashNotice } from "~/components/flash-notice";
import { QrCodeImage } from "~/components/qr-code-image";
import { formatLongDateTime, formatPence } from "~/lib/format";
import { requireId } from "~/lib/ids";
import { titled } from "~/lib/page-title";
import { qrSvgPath } from "~/lib/qr-code";
import { TIP_RUN_FIELDS } from "~/lib/tip-run";
import { formatKilograms } from "~/lib/waste-facts";
import { requireStaff } from "~/models/staff/staff-auth.server";
import { handoffOfSheet, tipRunSheet } from "~/models/waste-tracking/tip-run-handoff.server";
import {
  saveTicketPhoto,
  TICKET_MESSAGES,
  TICKET_UPLOAD_LIMITS,
  ticketPhotoReceiver,
} from "~/models/waste-tracking/tip-run-ticket.server";
import { readFlash, redirectWithFlash } from "~/services/flash.server";
import { receiveUpload } from "~/services/uploads.server";

/**
 * One load at the tip (docs/rules.md#tip-runs), where the crew lands once it is recorded: the QR
 * code the site scans for the load's Defra records (big enough to read off a phone held up at the
 * weighbridge window), what was on the load, its printable sheet with the same code, and a photo
 * of the weighbridge ticket (one file field: a refused photo loses nothing else).
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

export async function action({ request, params }: ActionFunctionArgs) {
  await requireStaff(request);
  const id = requireId(params.id, "Tip run not found");
  const upload = await receiveUpload(request, TICKET_UPLOAD_LIMITS, ticketPhotoReceiver);
  const saved = upload.ok
    ? await saveTicketPhoto(id, upload.files)
    : { ok: false as const, status: upload.status, message: upload.message };
  if (!saved.ok) return data({ message: saved.message }, { status: saved.status });
  return redirectWithFlash(`/dashboard/tip-runs/${id}`, "tip-run", TICKET_MESSAGES.saved);
}

export default function TipRun() {
  const { sheet, flash, handoff } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const sending = useNavigation().state === "submitting";
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
      <div className="takings-panel tip-run-ticket">
        <h2>Weighbridge ticket</h2>
        {sheet.ticketImageId ? (
          <a href={`/dashboard/tip-runs/${sheet.id}/ticket.jpg`}>
            <img
              src={`/dashboard/tip-runs/${sheet.id}/ticket.jpg?w=320`}
              alt={`The weighbridge ticket${sheet.ticketNumber ? ` ${sheet.ticketNumber}` : ""}`}
              width={320}
              data-testid="ticket-photo"
            />
          </a>
        ) : (
          <p>No photo of the ticket yet.</p>
        )}
        <Form method="post" encType="multipart/form-data" className="tip-site-form">
          <AlertNotice message={failed?.message} focusOn={failed} />
          <div className="field">
            <label htmlFor={TIP_RUN_FIELDS.ticketPhoto}>
              {sheet.ticketImageId ? "Replace the photo" : "Photo of the ticket"}
            </label>
            <input
              id={TIP_RUN_FIELDS.ticketPhoto}
              name={TIP_RUN_FIELDS.ticketPhoto}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              capture="environment"
            />
          </div>
          <button type="submit" className="button button-secondary" disabled={sending}>
            {sending ? "Sending..." : "Keep the photo"}
          </button>
        </Form>
      </div>
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
