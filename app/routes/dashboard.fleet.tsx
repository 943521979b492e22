import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Field } from "~/components/field";
import { FlashNotice } from "~/components/flash-notice";
import { WEEKDAY_NAMES, WINDOW_KEYS, WINDOW_LABELS } from "~/lib/capacity";
import { formatLongDate } from "~/lib/format";
import { formValues } from "~/lib/forms";
import { todayInLondon } from "~/lib/london-clock.server";
import {
  addBlockedDay,
  addDayOverride,
  fleetFormValues,
  getFleetSettings,
  removeBlockedDay,
  removeDayOverride,
  saveFleetSettings,
  upcomingBlockedDays,
  upcomingDayOverrides,
} from "~/models/fleet.server";
import { requireStaff } from "~/models/staff-auth.server";
import { readFlash, redirectWithFlash } from "~/services/flash.server";
import styles from "~/styles/fleet.css";

/**
 * The fleet (docs/rules.md#capacity-by-load): vans per weekday, a van's load per trip, trips per
 * day, a crew's minutes, the arrival windows; blocked days with a reason; per-day van overrides.
 * Plain forms, one intent each, so it works without JavaScript. Not yet what checkout counts:
 * the next slice wires THE capacity rule into checkout and the calendars.
 */

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

type Intent = "fleet" | "block" | "override";

interface Failure {
  intent: Intent;
  errors: Partial<Record<string, string>>;
  values: Record<string, string>;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const today = todayInLondon();
  const [fleet, blocked, overrides, flash] = await Promise.all([
    getFleetSettings(),
    upcomingBlockedDays(today),
    upcomingDayOverrides(today),
    readFlash(request, "fleet"),
  ]);
  return data(
    { values: fleetFormValues(fleet), blocked, overrides, today, flash: flash.flash },
    { headers: flash.headers },
  );
}

const fail = (failure: Failure) => data(failure, { status: 400 });

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request);
  const values = formValues(await request.formData());
  const today = todayInLondon();
  const done = (message: string) => redirectWithFlash("/dashboard/fleet", "fleet", message);
  switch (values.intent) {
    case "fleet": {
      const saved = await saveFleetSettings(values);
      if (!saved.ok) return fail({ intent: "fleet", errors: saved.errors, values });
      return done("Fleet saved.");
    }
    case "block": {
      const added = await addBlockedDay(values, staff.username, today);
      if (!added.ok) return fail({ intent: "block", errors: added.errors, values });
      return done(`${formatLongDate(added.value.day)} is blocked: ${added.value.reason}.`);
    }
    case "unblock": {
      const day = values.day ?? "";
      if (!(await removeBlockedDay(day)))
        throw new Response("That day is not blocked", { status: 404 });
      return done(`${formatLongDate(day)} is open again.`);
    }
    case "override": {
      const added = await addDayOverride(values, staff.username, today);
      if (!added.ok) return fail({ intent: "override", errors: added.errors, values });
      const { day, vans } = added.value;
      return done(`${formatLongDate(day)} has ${vans} ${vans === 1 ? "van" : "vans"}.`);
    }
    case "remove-override": {
      const day = values.day ?? "";
      if (!(await removeDayOverride(day)))
        throw new Response("That day has no override", { status: 404 });
      return done(`${formatLongDate(day)} has its weekday's vans again.`);
    }
    default:
      throw new Response("Unknown action", { status: 400 });
  }
}

function ErrorSummary({ failure, intent }: { failure: Failure | undefined; intent: Intent }) {
  if (failure?.intent !== intent) return null;
  return (
    <p role="alert" className="notice notice-error">
      {Object.values(failure.errors)[0] ?? "Please check the form."}
    </p>
  );
}

export default function Fleet() {
  const { values, blocked, overrides, today, flash } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>() as Failure | undefined;
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const formFor = (intent: Intent) => (failure?.intent === intent ? failure : undefined);
  const fleetFailure = formFor("fleet");
  const fleetValues = fleetFailure?.values ?? values;
  const fleetErrors = fleetFailure?.errors ?? {};
  const blockFailure = formFor("block");
  const overrideFailure = formFor("override");
  return (
    <section aria-labelledby="fleet-title" className="fleet">
      <div className="staff-home-head">
        <h1 id="fleet-title">Fleet</h1>
      </div>
      <FlashNotice flash={flash} testId="fleet-notice" />
      <p className="field-hint">
        What a day can carry: vans × a van&rsquo;s load × trips, and each van&rsquo;s crew (one crew
        a van) working its minutes across the arrival windows, up to the most collections the crews
        can drive to. Checkout, quotes and rearranging offer a day and a window only while the
        booking fits.
      </p>

      <div className="fleet-columns">
        <section aria-labelledby="fleet-days" className="fleet-panel">
          <h2 id="fleet-days">Vans and windows</h2>
          <ErrorSummary failure={failure} intent="fleet" />
          <Form method="post" className="fleet-form" aria-label="Vans and windows">
            <fieldset className="field fleet-weekdays">
              <legend>Vans working each weekday</legend>
              {WEEKDAY_NAMES.map((name, i) => (
                <Field
                  key={name}
                  label={name}
                  name={`vans_${i}`}
                  type="number"
                  min={0}
                  max={50}
                  step={1}
                  inputMode="numeric"
                  required
                  defaultValue={fleetValues[`vans_${i}`]}
                  error={fleetErrors[`vans_${i}`]}
                />
              ))}
            </fieldset>
            <div className="fleet-numbers">
              <Field
                label="Van load per trip (yd³)"
                name="van_load"
                inputMode="decimal"
                required
                defaultValue={fleetValues.van_load}
                error={fleetErrors.van_load}
              />
              <Field
                label="Trips per day"
                name="van_trips"
                type="number"
                min={1}
                max={10}
                step={1}
                inputMode="numeric"
                required
                defaultValue={fleetValues.van_trips}
                error={fleetErrors.van_trips}
              />
              <Field
                label="Crew minutes per day"
                name="crew_minutes"
                type="number"
                min={1}
                max={1440}
                step={1}
                inputMode="numeric"
                required
                defaultValue={fleetValues.crew_minutes}
                error={fleetErrors.crew_minutes}
              />
              <Field
                label="Most collections a day"
                name="max_jobs"
                type="number"
                min={1}
                max={200}
                step={1}
                inputMode="numeric"
                required
                defaultValue={fleetValues.max_jobs}
                error={fleetErrors.max_jobs}
              />
            </div>
            <fieldset className="field fleet-windows">
              <legend>Arrival windows (24-hour, from-to)</legend>
              {WINDOW_KEYS.map((key) => (
                <Field
                  key={key}
                  label={WINDOW_LABELS[key]}
                  name={`window_${key}`}
                  required
                  autoComplete="off"
                  placeholder="07:00-12:00"
                  defaultValue={fleetValues[`window_${key}`]}
                  error={fleetErrors[`window_${key}`]}
                />
              ))}
            </fieldset>
            <button
              type="submit"
              name="intent"
              value="fleet"
              className="button button-large"
              disabled={pending === "fleet"}
            >
              {pending === "fleet" ? "Saving..." : "Save the fleet"}
            </button>
          </Form>
        </section>

        <div className="fleet-side">
          <section aria-labelledby="fleet-blocked" className="fleet-panel">
            <h2 id="fleet-blocked">Blocked days</h2>
            <p className="field-hint">Bank holidays and closures: no collections that day.</p>
            <ErrorSummary failure={failure} intent="block" />
            <Form
              method="post"
              className="fleet-add"
              aria-label="Block a day"
              key={`block-${blocked.map((b) => b.day).join()}`}
            >
              <Field
                label="Day"
                name="day"
                id="field-block-day"
                type="date"
                min={today}
                required
                defaultValue={blockFailure?.values.day}
                error={blockFailure?.errors.day}
              />
              <Field
                label="Reason"
                name="reason"
                id="field-block-reason"
                required
                maxLength={200}
                placeholder="Christmas Day"
                defaultValue={blockFailure?.values.reason}
                error={blockFailure?.errors.reason}
              />
              <button
                type="submit"
                name="intent"
                value="block"
                className="button"
                disabled={pending === "block"}
              >
                {pending === "block" ? "Blocking..." : "Block the day"}
              </button>
            </Form>
            {blocked.length === 0 ? (
              <p className="empty-state">No days blocked ahead.</p>
            ) : (
              <ul className="fleet-list" data-testid="blocked-days">
                {blocked.map((b) => (
                  <li key={b.day}>
                    <div>
                      <strong>{formatLongDate(b.day)}</strong>
                      <span>{b.reason}</span>
                      <span className="fleet-by">by {b.createdBy}</span>
                    </div>
                    <Form method="post">
                      <input type="hidden" name="day" value={b.day} />
                      <button
                        type="submit"
                        name="intent"
                        value="unblock"
                        className="button button-light"
                        aria-label={`Open ${formatLongDate(b.day)} again`}
                      >
                        Remove
                      </button>
                    </Form>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby="fleet-overrides" className="fleet-panel">
            <h2 id="fleet-overrides">Days with other vans</h2>
            <p className="field-hint">A van in the garage, or an extra van hired: that day only.</p>
            <ErrorSummary failure={failure} intent="override" />
            <Form
              method="post"
              className="fleet-add"
              aria-label="Set a day's vans"
              key={`override-${overrides.map((o) => o.day).join()}`}
            >
              <Field
                label="Day"
                name="day"
                id="field-override-day"
                type="date"
                min={today}
                required
                defaultValue={overrideFailure?.values.day}
                error={overrideFailure?.errors.day}
              />
              <Field
                label="Vans"
                name="vans"
                type="number"
                min={0}
                max={50}
                step={1}
                inputMode="numeric"
                required
                defaultValue={overrideFailure?.values.vans}
                error={overrideFailure?.errors.vans}
              />
              <Field
                label="Reason (optional)"
                name="reason"
                id="field-override-reason"
                maxLength={200}
                defaultValue={overrideFailure?.values.reason}
                error={overrideFailure?.errors.reason}
              />
              <button
                type="submit"
                name="intent"
                value="override"
                className="button"
                disabled={pending === "override"}
              >
                {pending === "override" ? "Saving..." : "Set the vans"}
              </button>
            </Form>
            {overrides.length === 0 ? (
              <p className="empty-state">No overrides ahead.</p>
            ) : (
              <ul className="fleet-list" data-testid="day-overrides">
                {overrides.map((o) => (
                  <li key={o.day}>
                    <div>
                      <strong>{formatLongDate(o.day)}</strong>
                      <span>
                        {o.vans} {o.vans === 1 ? "van" : "vans"}
                        {o.reason ? ` — ${o.reason}` : ""}
                      </span>
                      <span className="fleet-by">by {o.createdBy}</span>
                    </div>
                    <Form method="post">
                      <input type="hidden" name="day" value={o.day} />
                      <button
                        type="submit"
                        name="intent"
                        value="remove-override"
                        className="button button-light"
                        aria-label={`Remove the override of ${formatLongDate(o.day)}`}
                      >
                        Remove
                      </button>
                    </Form>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </div>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Fleet — Haulbook dashboard" }];
