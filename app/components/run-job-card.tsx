import { Form, Link } from "@remix-run/react";
import { formatTimeWithZone } from "~/lib/format";
import { formatKm } from "~/lib/route-order";
import type { RunSheetJob } from "~/lib/run-sheet";
import { bookingReference } from "~/lib/references";
import { FieldError } from "./field-error";

/** A refused van move, shown on its job's form. */
export interface VanRefusal {
  orderId: number;
  field: "van" | "van_reason";
  message: string;
  /** the van chosen, kept on the form */
  van: string;
}

/**
 * One job of a van's run: who, where, what, how it is paid; "On my way" on the day; for the
 * office, the van it is on, changed with a select (a reason asked only when the van is full).
 */
export function RunJobCard(props: {
  job: RunSheetJob;
  number: number;
  isToday: boolean;
  busy: boolean;
  /** the vans out that day, for the office's select; null for the crew */
  vans: { id: number; name: string }[] | null;
  refused: VanRefusal | null;
}) {
  const { job, number, vans } = props;
  return (
    <li
      className={`run-job${job.done ? " run-job-done" : ""}`}
      data-testid="run-job"
      aria-labelledby={`job-${job.orderId}`}
    >
      <div className="run-job-head">
        <div>
          <h3 id={`job-${job.orderId}`}>
            <span className="run-job-number">{number}.</span> {job.fullName}
          </h3>
          {job.business ? (
            <p className="run-job-business" data-testid="run-job-business">
              <span>{job.business.name}</span>
              {job.business.sicCode ? (
                <span className="run-job-sic">SIC {job.business.sicCode}</span>
              ) : null}
            </p>
          ) : null}
        </div>
        <p className={`run-job-status${job.done ? " is-done" : ""}`}>
          {job.done ? "Done" : "To do"}
        </p>
      </div>
      {job.consignmentNote ? (
        <p className="run-job-warning" data-testid="run-job-warning">
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
            <path d="M12 2 1 21h22L12 2Z" fill="currentColor" />
            <path d="M11 9h2v6h-2zM11 17h2v2h-2z" fill="#fff" />
          </svg>
          <span>Hazardous waste from a business: a consignment note is needed</span>
        </p>
      ) : null}
      <p className="run-job-window" data-testid="run-job-window">
        {job.windowText}
        {job.legKm !== null
          ? ` · ${formatKm(job.legKm)} from ${number === 1 ? "the yard" : "the last stop"}`
          : ""}
      </p>
      <p
        className={`run-job-payment${job.payment.collect ? " is-collect" : ""}`}
        data-testid="run-job-payment"
      >
        {job.payment.text}
      </p>
      <div className="run-job-contact">
        <a href={job.mapsHref} className="run-job-link" data-testid="run-job-map">
          <span className="run-job-link-label">Address</span>{" "}
          <span className="run-job-link-value">{job.address}</span>
        </a>
        <a href={job.telHref} className="run-job-link" data-testid="run-job-phone">
          <span className="run-job-link-label">Phone</span>{" "}
          <span className="run-job-link-value">{job.phoneNumber}</span>
        </a>
      </div>
      <h4 className="run-job-subhead">Items</h4>
      {job.items.length === 0 ? (
        <p className="run-job-none">No items listed: a booking made by hand.</p>
      ) : (
        <ul className="run-job-items">
          {job.items.map((item, n) => (
            <li key={n}>{item}</li>
          ))}
        </ul>
      )}
      {job.notes ? (
        <>
          <h4 className="run-job-subhead">Customer&rsquo;s notes</h4>
          <p className="run-job-notes" data-testid="run-job-notes">
            {job.notes}
          </p>
        </>
      ) : null}
      {vans && vans.length > 0 && !job.done ? <VanForm {...props} vans={vans} /> : null}
      <div className="run-job-actions">
        {job.done || !props.isToday ? null : job.onMyWayAt ? (
          <p className="run-job-on-way" data-testid="run-job-on-way">
            On the way since {formatTimeWithZone(job.onMyWayAt)}
          </p>
        ) : (
          <Form method="post" className="run-job-on-way-form">
            <input type="hidden" name="order" value={job.orderId} />
            <button
              type="submit"
              name="intent"
              value="on-my-way"
              className="button button-light"
              disabled={props.busy}
            >
              On my way
            </button>
          </Form>
        )}
        {job.done ? null : (
          <Link
            to={`/dashboard/orders/${job.orderId}/complete`}
            className="button run-job-complete"
            data-testid="run-job-complete"
          >
            Complete job
          </Link>
        )}
        <Link
          to={`/dashboard/orders/${job.orderId}`}
          className="button button-light run-job-order"
          data-testid="run-job-order"
        >
          Order {bookingReference(job.orderId)}
        </Link>
      </div>
    </li>
  );
}

/** The office's van for a job: a select and Move; the reason field once a move was refused. */
function VanForm({
  job,
  vans,
  refused,
}: {
  job: RunSheetJob;
  vans: { id: number; name: string }[];
  refused: VanRefusal | null;
}) {
  const mine = refused?.orderId === job.orderId ? refused : null;
  const id = `job-${job.orderId}-van`;
  return (
    <Form method="post" className="run-job-van" data-testid="run-job-van">
      <input type="hidden" name="order" value={job.orderId} />
      <label htmlFor={id}>Van</label>
      <select id={id} name="van" defaultValue={mine?.van ?? job.vanId ?? ""}>
        {job.vanId === null ? <option value="">Not on a van</option> : null}
        {vans.map((van) => (
          <option key={van.id} value={van.id}>
            {van.name}
          </option>
        ))}
      </select>
      {mine?.field === "van_reason" ? (
        <>
          <label htmlFor={`${id}-reason`}>Reason to put it there anyway</label>
          <input
            id={`${id}-reason`}
            name="van_reason"
            maxLength={200}
            aria-invalid="true"
            aria-describedby={`${id}-error`}
          />
        </>
      ) : null}
      <button type="submit" name="intent" value="van" className="button button-light">
        Move
      </button>
      <FieldError id={`${id}-error`} error={mine?.message} />
    </Form>
  );
}
