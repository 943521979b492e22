import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AlertNotice } from "~/components/alert-notice";
import { FlashNotice } from "~/components/flash-notice";
import { RunJobCard, type VanRefusal } from "~/components/run-job-card";
import { addDaysIso, isIsoDay } from "~/lib/calendar";
import { formatLongDate } from "~/lib/format";
import { formValues } from "~/lib/forms";
import { parseId } from "~/lib/ids";
import { todayInLondon } from "~/lib/london-clock.server";
import { titled } from "~/lib/page-title";
import { formatKm } from "~/lib/route-order";
import { canReach, crewReachesDay, NOT_THEIR_DAY_MESSAGE } from "~/lib/staff-roles";
import { crewCandidates, crewVanOf, setVanCrew } from "~/models/bookings/van-crews.server";
import { moveToVan } from "~/models/bookings/vans.server";
import { sayOnMyWay } from "~/models/job-day/on-my-way.server";
import { runSheet, type VanRun } from "~/models/job-day/run-sheet.server";
import { requireStaff } from "~/models/staff/staff-auth.server";
import { readFlash, redirectWithFlash } from "~/services/flash.server";

/** The day asked for (?day=), refused plainly when it is not one rather than showing another. */
function dayAsked(request: Request): string {
  const asked = new URL(request.url).searchParams.get("day") ?? "";
  if (asked !== "" && !isIsoDay(asked as unknown))
    throw new Response(
      `“${asked.slice(0, 20)}” is not a day. Use YYYY-MM-DD, e.g. ?day=${todayInLondon()}`,
      { status: 400 },
    );
  return asked || todayInLondon();
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStaff(request);
  const day = dayAsked(request);
  const today = todayInLondon();
  if (user.role === "crew" && !crewReachesDay(day, today))
    throw new Response(NOT_THEIR_DAY_MESSAGE, { status: 403 });
  // A crew member on a van that day sees that van's run; the office sees every van's.
  const office = canReach(user.role, "office");
  const ownVan = office ? null : await crewVanOf(day, user.id);
  const { flash, headers } = await readFlash(request, "run-sheet");
  const sheet = await runSheet(day, ownVan);
  return data(
    {
      day,
      label: formatLongDate(day),
      isToday: day === today,
      previous: addDaysIso(day, -1),
      next: addDaysIso(day, 1),
      ...sheet,
      office,
      staff: office ? await crewCandidates() : [],
      // the days either side this member may open (a crew member: today and tomorrow)
      opensPrevious: user.role !== "crew" || crewReachesDay(addDaysIso(day, -1), today),
      opensNext: user.role !== "crew" || crewReachesDay(addDaysIso(day, 1), today),
      flash,
    },
    { headers },
  );
}

/**
 * "On my way" for one job (docs/rules.md#on-my-way); for the office, a job put on another van
 * and a van's crew for the day (docs/rules.md#vans-and-crews).
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireStaff(request);
  const form = await request.formData();
  const values = formValues(form);
  const back = `/dashboard/today${new URL(request.url).search}`;
  const office = canReach(user.role, "office");
  if (values.intent === "van" && office) {
    const orderId = parseId(values.order);
    const moved =
      orderId === undefined
        ? { ok: false as const, field: "van" as const, message: "Failed to preform that action" }
        : await moveToVan(orderId, values, user.username);
    if (!moved.ok)
      return data(
        {
          message: moved.message,
          van: { orderId: orderId ?? 0, ...moved, van: values.van ?? "" } as VanRefusal,
        },
        { status: 400 },
      );
    return redirectWithFlash(back, "run-sheet", moved.message);
  }
  if (values.intent === "crew" && office) {
    const vanId = parseId(values.van);
    const userIds = form
      .getAll("crew")
      .map((value) => parseId(String(value)))
      .filter((id): id is number => id !== undefined);
    const saved =
      vanId === undefined
        ? { ok: false as const }
        : await setVanCrew(dayAsked(request), vanId, userIds);
    if (!saved.ok)
      return data(
        { message: "That van is not out on this day: reload the page.", van: null },
        { status: 400 },
      );
    return redirectWithFlash(back, "run-sheet", `${saved.vanName}'s crew saved.`);
  }
  const orderId = parseId(values.order);
  const said =
    values.intent === "on-my-way" && orderId !== undefined
      ? await sayOnMyWay(orderId, user.username)
      : { ok: false as const, message: "Failed to preform that action" };
  if (!said.ok) return data({ message: said.message, van: null }, { status: 409 });
  return redirectWithFlash("/dashboard/today", "run-sheet", said.message);
}

export default function RunSheet() {
  const loaded = useLoaderData<typeof loader>();
  const { day, label, isToday, runs, vans, office, flash } = loaded;
  const refused = useActionData<typeof action>();
  const jobs = runs.flatMap((run) => run.jobs);
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
      <AlertNotice message={refused?.van ? undefined : refused?.message} focusOn={refused} />
      <nav className="run-sheet-days" aria-label="Other days">
        {loaded.opensPrevious ? (
          <Link
            to={`/dashboard/today?day=${loaded.previous}`}
            className="button button-light"
            rel="prev"
          >
            ‹ Previous day
          </Link>
        ) : null}
        {isToday ? null : (
          <Link to="/dashboard/today" className="button button-light">
            Today
          </Link>
        )}
        {loaded.opensNext ? (
          <Link
            to={`/dashboard/today?day=${loaded.next}`}
            className="button button-light"
            rel="next"
          >
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
      {jobs.length === 0 ? <p className="run-sheet-empty">No jobs booked for this day.</p> : null}
      {runs.map((run) => (
        <VanRunSection
          key={run.van?.id ?? "none"}
          run={run}
          day={day}
          isToday={isToday}
          vans={office ? vans : null}
          staff={loaded.staff}
          refused={refused?.van ?? null}
        />
      ))}
    </section>
  );
}

/** One van's run: its name, registration and crew, its route, its jobs in road order. */
function VanRunSection(props: {
  run: VanRun;
  day: string;
  isToday: boolean;
  vans: { id: number; name: string }[] | null;
  staff: { userId: number; name: string }[];
  refused: VanRefusal | null;
}) {
  const { run, vans } = props;
  const navigation = useNavigation();
  const toDo = run.jobs.filter((j) => !j.done).length;
  const title = run.van
    ? `${run.van.name}${run.van.registration ? ` · ${run.van.registration}` : ""}`
    : "Not on a van yet";
  const headingId = `van-run-${run.van?.id ?? "none"}`;
  return (
    <section className="van-run" aria-labelledby={headingId} data-testid="van-run">
      <div className="van-run-head">
        <h2 id={headingId}>{title}</h2>
        <p className="van-run-count">
          {run.jobs.length === 0
            ? "No jobs"
            : `${run.jobs.length} ${run.jobs.length === 1 ? "job" : "jobs"}, ${toDo} to do`}
        </p>
      </div>
      {run.van ? (
        <p className="van-run-crew" data-testid="van-run-crew">
          {run.crew.length > 0
            ? `Crew: ${run.crew.map((m) => m.name).join(", ")}`
            : "No crew named for this day yet."}
        </p>
      ) : null}
      {run.van && vans ? <CrewForm {...props} vanId={run.van.id} /> : null}
      {toDo > 0 ? (
        <div className="run-route" data-testid="run-route">
          <p>
            {run.route.placed && run.route.totalKm !== null
              ? `In road order: about ${formatKm(run.route.totalKm)} from the yard and back, in straight lines between postcodes.`
              : "Not in road order: the postcodes are not placed on a map, so the jobs are in window order, then by postcode district."}
          </p>
          <p className="run-route-links">
            {run.route.links.map((href, n) => (
              <a key={href} href={href} className="button run-route-link">
                {run.route.links.length === 1
                  ? "Open the route in Maps"
                  : `Route in Maps, part ${n + 1} of ${run.route.links.length}`}
              </a>
            ))}
          </p>
        </div>
      ) : null}
      {run.jobs.length > 0 ? (
        <ol className="run-sheet-jobs">
          {run.jobs.map((job, i) => (
            <RunJobCard
              key={job.orderId}
              job={job}
              number={i + 1}
              isToday={props.isToday}
              busy={
                navigation.state === "submitting" &&
                navigation.formData?.get("order") === String(job.orderId)
              }
              vans={vans}
              refused={props.refused}
            />
          ))}
        </ol>
      ) : null}
    </section>
  );
}

/** The office names a van's crew for the day: a tick a member of staff. */
function CrewForm({
  run,
  staff,
  vanId,
}: {
  run: VanRun;
  staff: { userId: number; name: string }[];
  vanId: number;
}) {
  return (
    // Keyed by the crew, so a saved change closes it again.
    <details className="van-run-crew-form" key={run.crew.map((m) => m.userId).join()}>
      <summary>Change the crew</summary>
      <Form method="post">
        <input type="hidden" name="van" value={vanId} />
        <fieldset>
          <legend>On this van for the day</legend>
          {staff.map((member) => (
            <label key={member.userId} className="van-run-crew-choice">
              <input
                type="checkbox"
                name="crew"
                value={member.userId}
                defaultChecked={run.crew.some((m) => m.userId === member.userId)}
              />{" "}
              {member.name}
            </label>
          ))}
        </fieldset>
        <button type="submit" name="intent" value="crew" className="button">
          Save crew
        </button>
      </Form>
    </details>
  );
}

export const meta = titled("Run sheet", "dashboard");
