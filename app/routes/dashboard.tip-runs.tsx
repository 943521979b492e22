import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AlertNotice } from "~/components/alert-notice";
import { Field, filled, SelectField } from "~/components/field";
import { formatDateTime, formatLongDateTime, formatPence } from "~/lib/format";
import { formValues } from "~/lib/forms";
import { londonDateTimeLocal } from "~/lib/london-clock.server";
import { titled } from "~/lib/page-title";
import { TIP_RUN_FIELDS, TIP_RUN_MESSAGES, tipRunReference } from "~/lib/tip-run";
import { formatKilograms } from "~/lib/waste-facts";
import { requireStaff } from "~/models/staff/staff-auth.server";
import { listReceivingSites } from "~/models/waste-tracking/receiving-sites.server";
import {
  deliverableJobs,
  recentTipRuns,
  recordTipRun,
} from "~/models/waste-tracking/tip-runs.server";
import { redirectWithFlash } from "~/services/flash.server";

/**
 * Tip runs (docs/rules.md#tip-runs): record a load taken to a tip — the site, when, the van, the
 * weighbridge ticket and gate fee, and the jobs whose waste was on it — and see the last loads with
 * each job's share of the fee; each load opens on its own page with the site's hand-off
 * (dashboard.tip-runs_.$id.tsx). One plain form: it works without JavaScript.
 */

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const [sites, jobs, runs] = await Promise.all([
    listReceivingSites(),
    deliverableJobs(),
    recentTipRuns(),
  ]);
  return { sites, jobs, runs, now: londonDateTimeLocal() };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireStaff(request);
  const values = formValues(await request.formData());
  const recorded = await recordTipRun(values, user.username);
  if (!recorded.ok)
    return data(
      { message: TIP_RUN_MESSAGES.failed, errors: recorded.errors, values },
      { status: 400 },
    );
  // To the load's own page: the crew shows the site its QR code there.
  return redirectWithFlash(
    `/dashboard/tip-runs/${recorded.tipRunId}`,
    "tip-run",
    `Load recorded at ${recorded.siteName}: ${formatKilograms(recorded.netGrams)} net, ${recorded.jobs} ${recorded.jobs === 1 ? "job" : "jobs"} delivered.`,
  );
}

export default function TipRuns() {
  const { sites, jobs, runs, now } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const saving = useNavigation().state === "submitting";
  const values: Record<string, string> = failed?.values ?? { [TIP_RUN_FIELDS.arrivedAt]: now };
  const errors = failed?.errors ?? {};
  return (
    <section aria-labelledby="tip-runs-title" className="tip-sites">
      <div className="staff-home-head">
        <h1 id="tip-runs-title">Tip runs</h1>
      </div>
      <p className="field-hint">
        Each load taken to a tip, with the jobs whose waste was on it. A job&apos;s waste counts as
        delivered once its load is recorded, and the gate fee is shared between the jobs by weight.
      </p>
      {sites.length === 0 ? (
        <p className="notice">
          Add the sites your vans use first: <Link to="/dashboard/tip-sites">Tip sites</Link>.
        </p>
      ) : (
        <Form
          method="post"
          className="takings-panel tip-site-form tip-run-form"
          noValidate
          key={runs[0]?.id ?? 0}
        >
          <h2>Record a load</h2>
          <AlertNotice message={failed?.message} focusOn={failed} />
          <SelectField
            label="Site"
            name={TIP_RUN_FIELDS.site}
            value={values[TIP_RUN_FIELDS.site] ?? (sites.length === 1 ? String(sites[0]!.id) : "")}
            options={[
              ["", "Choose the site"],
              ...sites.map((site): [string, string] => [
                String(site.id),
                `${site.name}, ${site.postcode}`,
              ]),
            ]}
            error={errors[TIP_RUN_FIELDS.site]}
          />
          <div className="waste-facts-row">
            <Field
              label="Arrived at"
              type="datetime-local"
              {...filled(TIP_RUN_FIELDS.arrivedAt, values, errors)}
            />
            <Field
              label="Van registration"
              autoComplete="off"
              maxLength={12}
              {...filled(TIP_RUN_FIELDS.vehicle, values, errors)}
            />
          </div>
          <div className="waste-facts-row">
            <Field
              label="Gross (kg)"
              inputMode="decimal"
              hint="From the ticket"
              {...filled(TIP_RUN_FIELDS.gross, values, errors)}
            />
            <Field
              label="Tare (kg)"
              inputMode="decimal"
              hint="The van empty"
              {...filled(TIP_RUN_FIELDS.tare, values, errors)}
            />
            <Field
              label="Net (kg)"
              inputMode="decimal"
              hint="Or the net alone"
              {...filled(TIP_RUN_FIELDS.net, values, errors)}
            />
          </div>
          <div className="waste-facts-row">
            <Field
              label="Ticket number"
              autoComplete="off"
              maxLength={40}
              {...filled(TIP_RUN_FIELDS.ticket, values, errors)}
            />
            <Field
              label="Gate fee (£)"
              inputMode="decimal"
              hint="0 if there was none"
              {...filled(TIP_RUN_FIELDS.gateFee, values, errors)}
            />
          </div>
          <fieldset className={`field${errors.jobs ? " field-invalid" : ""}`}>
            <legend>Jobs whose waste was on this load</legend>
            {jobs.length === 0 ? (
              <p className="field-hint">
                Every completed job of the last two weeks is on a load already.
              </p>
            ) : (
              jobs.map((job) => (
                <label key={job.completionId} className="radio-line" data-testid="tip-run-job">
                  <input
                    type="checkbox"
                    name={TIP_RUN_FIELDS.job(job.completionId)}
                    value="yes"
                    defaultChecked={Boolean(values[TIP_RUN_FIELDS.job(job.completionId)])}
                  />
                  {job.wtnReference}
                  {job.bookingReference ? ` · ${job.bookingReference}` : ""} · {job.customerName},{" "}
                  {job.postcode} · {formatKilograms(job.weightGrams)} · done{" "}
                  {formatDateTime(job.completedAt)}
                </label>
              ))
            )}
            <p className="field-error" aria-live="polite">
              {errors.jobs ?? ""}
            </p>
          </fieldset>
          <button type="submit" className="button" disabled={saving}>
            {saving ? "Saving..." : "Record the load"}
          </button>
        </Form>
      )}
      <h2>Recent loads</h2>
      {runs.length === 0 ? (
        <p className="empty-state">No loads recorded yet.</p>
      ) : (
        <ul className="tip-site-list" data-testid="tip-runs">
          {runs.map((run) => (
            <li key={run.id} className="takings-panel" data-testid="tip-run">
              <h3>
                <Link to={`/dashboard/tip-runs/${run.id}`}>
                  {tipRunReference(run.id)} · {formatLongDateTime(run.arrived_at)} · {run.site_name}
                </Link>
              </h3>
              <p>
                {run.vehicle_registration} · {formatKilograms(run.net_grams)} net
                {run.ticket_number ? ` · ticket ${run.ticket_number}` : ""} · gate fee{" "}
                {formatPence(run.gate_fee_pence)}
              </p>
              <p>
                Share of the fee:{" "}
                {run.jobs
                  .map((job) => `${job.wtnReference} ${formatPence(job.costPence)}`)
                  .join(", ")}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export const meta = titled("Tip runs", "dashboard");
