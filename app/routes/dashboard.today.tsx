import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AlertNotice } from "~/components/alert-notice";
import { FlashNotice } from "~/components/flash-notice";
import { formValues } from "~/lib/forms";
import { parseId } from "~/lib/ids";
import { sayOnMyWay } from "~/models/job-day/on-my-way.server";
import { readFlash, redirectWithFlash } from "~/services/flash.server";
import { addDaysIso, isIsoDay } from "~/lib/calendar";
import { formatLongDate, formatTimeWithZone } from "~/lib/format";
import { formatKm } from "~/lib/route-order";
import { todayInLondon } from "~/lib/london-clock.server";
import { runSheet } from "~/models/job-day/run-sheet.server";
import { requireStaff } from "~/models/staff/staff-auth.server";
import { canReach, crewReachesDay, NOT_THEIR_DAY_MESSAGE } from "~/lib/staff-roles";
import { titled } from "~/lib/page-title";
import { bookingReference } from "~/lib/references";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStaff(request);
  const asked = new URL(request.url).searchParams.get("day") ?? "";
  const today = todayInLondon();
  // A day that is not one is refused plainly rather than quietly showing another day's jobs.
  if (asked !== "" && !isIsoDay(asked as unknown)) {
    throw new Response(`“${asked.slice(0, 20)}” is not a day. Use YYYY-MM-DD, e.g. ?day=${today}`, {
      status: 400,
    });
  }
  const day = asked || today;
  if (user.role === "crew" && !crewReachesDay(day, today))
    throw new Response(NOT_THEIR_DAY_MESSAGE, { status: 403 });
  const { flash, headers } = await readFlash(request, "run-sheet");
  return data(
    {
      day,
      label: formatLongDate(day),
      isToday: day === today,
      previous: addDaysIso(day, -1),
      next: addDaysIso(day, 1),
      ...(await runSheet(day)),
      // the calendar of every booking is the office's
      office: canReach(user.role, "office"),
      // the days either side this member may open (a crew member: today and tomorrow)
      opensPrevious: user.role !== "crew" || crewReachesDay(addDaysIso(day, -1), today),
      opensNext: user.role !== "crew" || crewReachesDay(addDaysIso(day, 1), today),
      flash,
    },
    { headers },
  );
}

/** "On my way" for one job (docs/rules.md#on-my-way): the customer is told, once. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireStaff(request);
  const values = formValues(await request.formData());
  const orderId = parseId(values.order);
  const said =
    values.intent === "on-my-way" && orderId !== undefined
      ? await sayOnMyWay(orderId, user.username)
      : { ok: false as const, message: "Failed to preform that action" };
  if (!said.ok) return data({ message: said.message, orderId: orderId ?? null }, { status: 409 });
  return redirectWithFlash("/dashboard/today", "run-sheet", said.message);
}

export default function RunSheet() {
  const {
    day,
    label,
    isToday,
    previous,
    next,
    jobs,
    route,
    office,
    flash,
    opensPrevious,
    opensNext,
  } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const navigation = useNavigation();
  const toDo = jobs.filter((j) => !j.done).length;
  return (
    <section aria-labelledby="run-sheet-title" className="run-sheet">
      <div className="run-sheet-head">
        <h1 id="run-sheet-title">
          {isToday ? "Today: " : ""}
          {label}
        </h1>
        <p className="run-sheet-count" data-testid="run-sheet-count">
          {jobs.length === 0
            ? "No jobs"
            : `${jobs.length} ${jobs.length === 1 ? "job" : "jobs"}, ${toDo} to do`}
        </p>
      </div>
      <FlashNotice flash={flash} testId="run-sheet-flash" />
      <AlertNotice message={refused?.message} focusOn={refused} />
      <nav className="run-sheet-days" aria-label="Other days">
        {opensPrevious ? (
          <Link to={`/dashboard/today?day=${previous}`} className="button button-light" rel="prev">
            ‹ Previous day
          </Link>
        ) : null}
        {isToday ? null : (
          <Link to="/dashboard/today" className="button button-light">
            Today
          </Link>
        )}
        {opensNext ? (
          <Link to={`/dashboard/today?day=${next}`} className="button button-light" rel="next">
            Next day ›
          </Link>
        ) : null}
        {office ? (
          <Link
            to={`/dashboard/home?month=${day.slice(0, 7)}&day=${day}`}
            className="button button-light"
          >
            Calendar
          </Link>
        ) : null}
      </nav>
      {toDo > 0 ? (
        <div className="run-route" data-testid="run-route">
          <p>
            {route.placed && route.totalKm !== null
              ? `In road order: about ${formatKm(route.totalKm)} from the yard and back, in straight lines between postcodes.`
              : "Not in road order: the postcodes are not placed on a map, so the jobs are in window order, then by postcode district."}
          </p>
          <p className="run-route-links">
            {route.links.map((href, n) => (
              <a key={href} href={href} className="button run-route-link">
                {route.links.length === 1
                  ? "Open the route in Maps"
                  : `Route in Maps, part ${n + 1} of ${route.links.length}`}
              </a>
            ))}
          </p>
        </div>
      ) : null}
      {jobs.length === 0 ? (
        <p className="run-sheet-empty">No jobs booked for this day.</p>
      ) : (
        <ol className="run-sheet-jobs">
          {jobs.map((job, i) => (
            <li
              key={job.orderId}
              className={`run-job${job.done ? " run-job-done" : ""}`}
              data-testid="run-job"
              aria-labelledby={`job-${job.orderId}`}
            >
              <div className="run-job-head">
                <div>
                  <h2 id={`job-${job.orderId}`}>
                    <span className="run-job-number">{i + 1}.</span> {job.fullName}
                  </h2>
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
                  <svg
                    viewBox="0 0 24 24"
                    width="28"
                    height="28"
                    aria-hidden="true"
                    focusable="false"
                  >
                    <path d="M12 2 1 21h22L12 2Z" fill="currentColor" />
                    <path d="M11 9h2v6h-2zM11 17h2v2h-2z" fill="#fff" />
                  </svg>
                  <span>Hazardous waste from a business: a consignment note is needed</span>
                </p>
              ) : null}
              <p className="run-job-window" data-testid="run-job-window">
                {job.windowText}
                {job.legKm !== null
                  ? ` · ${formatKm(job.legKm)} from ${i === 0 ? "the yard" : "the last stop"}`
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
              <h3 className="run-job-subhead">Items</h3>
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
                  <h3 className="run-job-subhead">Customer&rsquo;s notes</h3>
                  <p className="run-job-notes" data-testid="run-job-notes">
                    {job.notes}
                  </p>
                </>
              ) : null}
              <div className="run-job-actions">
                {job.done || !isToday ? null : job.onMyWayAt ? (
                  <p className="run-job-on-way" data-testid="run-job-on-way">
                    On the way since {formatTimeWithZone(job.onMyWayAt)}
                  </p>
                ) : (
                  <Form method="post" action="/dashboard/today" className="run-job-on-way-form">
                    <input type="hidden" name="order" value={job.orderId} />
                    <button
                      type="submit"
                      name="intent"
                      value="on-my-way"
                      className="button button-light"
                      disabled={
                        navigation.state === "submitting" &&
                        navigation.formData?.get("order") === String(job.orderId)
                      }
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
          ))}
        </ol>
      )}
    </section>
  );
}

export const meta = titled("Run sheet", "dashboard");
