import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { Field, filled } from "~/components/field";
import { FlashNotice } from "~/components/flash-notice";
import { IntentButton } from "~/components/intent-button";
import { WEEKDAY_NAMES, WINDOW_KEYS, WINDOW_LABELS } from "~/lib/capacity";
import { formatLongDate } from "~/lib/format";
import { formLimits, formValues, type FieldLimits } from "~/lib/forms";
import { parseId } from "~/lib/ids";
import { todayInLondon } from "~/lib/london-clock.server";
import {
  fleetFormValues,
  getFleetSettings,
  saveFleetSettings,
} from "~/models/bookings/fleet.server";
import {
  addBlockedDay,
  addDayOverride,
  fleetFormLimits,
  removeBlockedDay,
  removeDayOverride,
  upcomingBlockedDays,
  upcomingDayOverrides,
} from "~/models/bookings/fleet-days.server";
import { requireStaff } from "~/models/staff/staff-auth.server";
import { readFlash, redirectWithFlash } from "~/services/flash.server";
import styles from "~/styles/fleet.css";
import { AlertNotice } from "~/components/alert-notice";
import { FleetVans } from "~/components/fleet-vans";
import { listVans, saveVan, vanSchema } from "~/models/bookings/vans.server";
import { titled } from "~/lib/page-title";

/**
 * The fleet (docs/rules.md#capacity-by-load): vans per weekday, a van's load per trip, trips per
 * day, a crew's minutes, the arrival windows; blocked days with a reason; per-day van overrides.
 * The vans by name and registration. Plain forms, one intent each, so it works without
 * JavaScript.
 */

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

type Intent = "fleet" | "block" | "override" | "van";

interface Failure {
  intent: Intent;
  errors: Partial<Record<string, string>>;
  values: Record<string, string>;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const today = todayInLondon();
  const [fleet, vans, blocked, overrides, flash] = await Promise.all([
    getFleetSettings(),
    listVans(),
    upcomingBlockedDays(today),
    upcomingDayOverrides(today),
    readFlash(request, "fleet"),
  ]);
  return data(
    {
      values: fleetFormValues(fleet),
      limits: fleetFormLimits(today),
      vans,
      vanLimits: formLimits(vanSchema),
      blocked,
      overrides,
      today,
      flash: flash.flash,
    },
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
    case "van": {
      const saved = await saveVan(parseId(values.van) ?? 0, values);
      // A refusal with no field of its own (the van is gone) still says why, above the vans.
      if (!saved.ok)
        return fail({
          intent: "van",
          errors: Object.keys(saved.errors).length > 0 ? saved.errors : { van: saved.message },
          values,
        });
      return done(`${saved.van.name} saved.`);
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
  return <AlertNotice message={Object.values(failure.errors)[0] ?? "Please check the form."} />;
}

/** A form that adds a day (blocked, or with other vans): its error, the day, its own fields. */
function DayForm({
  intent,
  label,
  days,
  today,
  failure,
  pending,
  submit,
  busy,
  children,
}: {
  intent: "block" | "override";
  label: string;
  days: { day: string }[];
  today: string;
  failure: Failure | undefined;
  pending: unknown;
  submit: string;
  busy: string;
  children: ReactNode;
}) {
  const sent = failure?.intent === intent ? failure : undefined;
  return (
    <>
      <ErrorSummary failure={failure} intent={intent} />
      <Form
        method="post"
        className="fleet-add"
        aria-label={label}
        key={`${intent}-${days.map((d) => d.day).join()}`}
      >
        <Field
          label="Day"
          id={`field-${intent}-day`}
          type="date"
          min={today}
          required
          {...filled("day", sent?.values, sent?.errors)}
        />
        {children}
        <IntentButton intent={intent} className="button" busy={pending === intent} busyLabel={busy}>
          {submit}
        </IntentButton>
      </Form>
    </>
  );
}

/** The blocked days or the overrides ahead, each with its Remove button. */
function DaysAhead<T extends { day: string; createdBy: string }>({
  days,
  empty,
  testId,
  intent,
  removeLabel,
  detail,
}: {
  days: T[];
  empty: string;
  testId: string;
  intent: "unblock" | "remove-override";
  removeLabel: (longDate: string) => string;
  detail: (day: T) => ReactNode;
}) {
  if (days.length === 0) return <p className="empty-state">{empty}</p>;
  return (
    <ul className="fleet-list" data-testid={testId}>
      {days.map((d) => (
        <li key={d.day}>
          <div>
            <strong>{formatLongDate(d.day)}</strong>
            <span>{detail(d)}</span>
            <span className="fleet-by">by {d.createdBy}</span>
          </div>
          <Form method="post">
            <input type="hidden" name="day" value={d.day} />
            <button
              type="submit"
              name="intent"
              value={intent}
              className="button button-light"
              aria-label={removeLabel(formatLongDate(d.day))}
            >
              Remove
            </button>
          </Form>
        </li>
      ))}
    </ul>
  );
}

/** The fleet's whole numbers beside the weekdays' vans. */
const FLEET_NUMBERS = [
  ["van_trips", "Trips per day"],
  ["crew_minutes", "Crew minutes per day"],
  ["max_jobs", "Most collections a day"],
] as const;

export default function Fleet() {
  const { values, limits, vans, vanLimits, blocked, overrides, today, flash } =
    useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>() as Failure | undefined;
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const formFor = (intent: Intent) => (failure?.intent === intent ? failure : undefined);
  const fleetFailure = formFor("fleet");
  const fleetValues = fleetFailure?.values ?? values;
  const fleetErrors = fleetFailure?.errors ?? {};
  const fleetLimits: Record<string, FieldLimits> = limits.fleet;
  const block = formFor("block");
  const override = formFor("override");
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
                  type="number"
                  {...fleetLimits[`vans_${i}`]}
                  inputMode="numeric"
                  required
                  {...filled(`vans_${i}`, fleetValues, fleetErrors)}
                />
              ))}
            </fieldset>
            <div className="fleet-numbers">
              <Field
                label="Van load per trip (yd³)"
                inputMode="decimal"
                required
                {...filled("van_load", fleetValues, fleetErrors)}
              />
              {FLEET_NUMBERS.map(([name, label]) => (
                <Field
                  key={name}
                  label={label}
                  type="number"
                  {...fleetLimits[name]}
                  inputMode="numeric"
                  required
                  {...filled(name, fleetValues, fleetErrors)}
                />
              ))}
            </div>
            <fieldset className="field fleet-windows">
              <legend>Arrival windows (24-hour, from-to)</legend>
              {WINDOW_KEYS.map((key) => (
                <Field
                  key={key}
                  label={WINDOW_LABELS[key]}
                  required
                  autoComplete="off"
                  placeholder="07:00-12:00"
                  {...filled(`window_${key}`, fleetValues, fleetErrors)}
                />
              ))}
            </fieldset>
            <IntentButton
              intent="fleet"
              className="button button-large"
              busy={pending === "fleet"}
              busyLabel="Saving..."
            >
              Save the fleet
            </IntentButton>
          </Form>
        </section>

        <div className="fleet-side">
          <ErrorSummary failure={failure} intent="van" />
          <FleetVans
            vans={vans}
            limits={vanLimits}
            failure={
              failure?.intent === "van" ? { ...failure, van: failure.values.van ?? "" } : undefined
            }
            pending={pending === "van" ? String(navigation.formData?.get("van")) : null}
          />
          <section aria-labelledby="fleet-blocked" className="fleet-panel">
            <h2 id="fleet-blocked">Blocked days</h2>
            <p className="field-hint">Bank holidays and closures: no collections that day.</p>
            <DayForm
              intent="block"
              label="Block a day"
              days={blocked}
              today={today}
              failure={failure}
              pending={pending}
              submit="Block the day"
              busy="Blocking..."
            >
              <Field
                label="Reason"
                id="field-block-reason"
                required
                {...limits.block.reason}
                placeholder="Christmas Day"
                {...filled("reason", block?.values, block?.errors)}
              />
            </DayForm>
            <DaysAhead
              days={blocked}
              empty="No days blocked ahead."
              testId="blocked-days"
              intent="unblock"
              removeLabel={(date) => `Open ${date} again`}
              detail={(b) => b.reason}
            />
          </section>

          <section aria-labelledby="fleet-overrides" className="fleet-panel">
            <h2 id="fleet-overrides">Days with other vans</h2>
            <p className="field-hint">A van in the garage, or an extra van hired: that day only.</p>
            <DayForm
              intent="override"
              label="Set a day's vans"
              days={overrides}
              today={today}
              failure={failure}
              pending={pending}
              submit="Set the vans"
              busy="Saving..."
            >
              <Field
                label="Vans"
                type="number"
                {...limits.override.vans}
                inputMode="numeric"
                required
                {...filled("vans", override?.values, override?.errors)}
              />
              <Field
                label="Reason (optional)"
                id="field-override-reason"
                {...limits.override.reason}
                {...filled("reason", override?.values, override?.errors)}
              />
            </DayForm>
            <DaysAhead
              days={overrides}
              empty="No overrides ahead."
              testId="day-overrides"
              intent="remove-override"
              removeLabel={(date) => `Remove the override of ${date}`}
              detail={(o) => (
                <>
                  {o.vans} {o.vans === 1 ? "van" : "vans"}
                  {o.reason ? ` — ${o.reason}` : ""}
                </>
              )}
            />
          </section>
        </div>
      </div>
    </section>
  );
}

export const meta = titled("Fleet", "dashboard");
