import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  Link,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigation,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { BookingEditForm } from "~/components/booking-edit-form";
import { FlashNotice } from "~/components/flash-notice";
import { ManualBookingForm } from "~/components/manual-booking-form";
import { Overlay } from "~/components/overlay";
import { PaymentsToReview } from "~/components/payments-to-review";
import { isIsoDay, isMonth, monthGrid, monthLabel, shiftMonth, WEEKDAYS } from "~/lib/calendar";
import { formatLongDate, formatPence } from "~/lib/format";
import { todayInLondon } from "~/lib/london-clock.server";
import { formValues } from "~/lib/forms";
import { MANUAL_BOOKING_FAILED } from "~/lib/messages";
import { overlayHref, skipRevalidationForOverlays } from "~/lib/overlays";
import { dayView, type DayViewJob } from "~/models/job-day/day-view.server";
import { daysFill } from "~/models/checkout/availability.server";
import {
  clearPaymentReview,
  paymentsToReview,
  refundedText,
  refundOverCapacity,
} from "~/models/payments/payment-review.server";
import {
  createManualBooking,
  type ManualBookingField,
} from "~/models/bookings/staff-booking.server";
import {
  getBooking,
  updateBooking,
  type BookingUpdateField,
} from "~/models/bookings/booking-edit.server";
import { quoteCatalogue } from "~/models/quotes/quote-price.server";
import { takingsFor } from "~/models/payments/takings.server";
import { chartDays, takingsPeriods } from "~/lib/takings";
import { TakingsChart } from "~/components/takings-chart";
import { vatStatus } from "~/models/shop/settings.server";
import { vatWording } from "~/lib/vat";
import { withMoreRows } from "~/lib/quote-price-form";
import { paymentMethodLabel, paymentStateText } from "~/lib/domain";
import { countOrders } from "~/models/checkout/order.server";
import { countProducts } from "~/models/catalogue/product.server";
import { countQuotes } from "~/models/quotes/quote.server";
import { requireStaff } from "~/models/staff/staff-auth.server";
import { readFlashes, redirectToBookedDay, redirectWithFlash } from "~/services/flash.server";
import { AlertNotice } from "~/components/alert-notice";
import { titled } from "~/lib/page-title";
import { bookingReference } from "~/lib/references";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const params = new URL(request.url).searchParams;
  const today = todayInLondon();
  const month = isMonth(params.get("month")) ? params.get("month")! : today.slice(0, 7);
  const weeks = monthGrid(month);
  const day = params.get("day");
  const editId = Number(params.get("edit"));
  const [first, last] = [weeks[0]![0]!.day, weeks.at(-1)!.at(-1)!.day];
  const creating = params.get("new") === "booking";
  const [thisWeek, lastWeek] = takingsPeriods(today);
  const [
    order,
    products,
    quotes,
    review,
    fills,
    dayBookings,
    editing,
    flash,
    catalogue,
    vat,
    weekTakings,
    lastWeekTakings,
  ] = await Promise.all([
    countOrders(),
    countProducts(),
    countQuotes(),
    paymentsToReview(),
    daysFill(first, last),
    isIsoDay(day) ? dayView(day) : Promise.resolve(null),
    editId ? getBooking(editId) : Promise.resolve(undefined),
    readFlashes(request, ["home", "day", "day-full"]),
    // The booking form's catalogue, when it is open (its action posts to ?new=booking too).
    creating ? quoteCatalogue() : Promise.resolve([]),
    vatStatus(),
    takingsFor(thisWeek.from, thisWeek.to),
    takingsFor(lastWeek.from, lastWeek.to),
  ]);
  return data(
    {
      flashes: flash.flashes,
      counts: { order, products, quotes },
      review,
      today,
      month,
      weeks: weeks.map((w) =>
        w.map((d) => ({
          ...d,
          jobs: fills.get(d.day)?.jobs ?? 0,
          fill: fills.get(d.day) ?? { fillPercent: 0, closed: null },
        })),
      ),
      day:
        isIsoDay(day) && dayBookings
          ? { day, label: formatLongDate(day), view: dayBookings }
          : null,
      // A cancelled booking is not edited (its page says what happened to it).
      editing: editing && !editing.cancelledAt ? editing : null,
      creating,
      week: {
        netPence: weekTakings.netPence,
        lastNetPence: lastWeekTakings.netPence,
        bookings: weekTakings.bookings.count,
        lastBookings: lastWeekTakings.bookings.count,
        chart: chartDays(weekTakings, lastWeekTakings),
      },
      catalogue,
      pricesNote: vatWording(vat).pricesNote,
    },
    { headers: flash.headers },
  );
}

/** Overlays open without a round trip, but for the booking form: its catalogue loads with it. */
export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
  args.nextUrl.searchParams.get("new") === "booking" &&
  args.currentUrl.searchParams.get("new") !== "booking"
    ? true
    : skipRevalidationForOverlays(args);

interface CreateFailure {
  intent?: string;
  message: string;
  errors: Partial<Record<ManualBookingField | BookingUpdateField, string>>;
  values: Record<string, string>;
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireStaff(request);
  const form = await request.formData();
  const values = formValues(form);
  // "Add a catalogue line" without JavaScript: the form again, one row longer.
  const more = withMoreRows(values);
  if (more) return Response.json({ message: "", errors: {}, values: more } satisfies CreateFailure);
  switch (values.intent) {
    case "create-booking": {
      const result = await createManualBooking(values, user.username, { pricing: "lines" });
      if (!result.ok) {
        return Response.json(
          { message: result.message, errors: result.errors, values } satisfies CreateFailure,
          {
            status: 400,
          },
        );
      }
      return redirectToBookedDay(values.date || todayInLondon(), {
        orderId: result.orderId,
        done: "created",
        fullDay: result.fullDayWarning,
        emailedTo: values.email?.trim(),
      });
    }
    case "update-booking": {
      const orderId = Number(values.orderId);
      const result = await updateBooking(orderId, values, user.username);
      if (!result.ok) {
        return Response.json(
          {
            intent: "update-booking",
            message: result.message,
            errors: result.errors,
            values,
          } satisfies CreateFailure,
          { status: result.status },
        );
      }
      return redirectToBookedDay(result.date, {
        orderId,
        done: "saved",
        fullDay: result.fullDayWarning,
      });
    }
    case "clear-review": {
      await clearPaymentReview(Number(values.orderId), user.username);
      return redirectWithFlash(
        "/dashboard/home",
        "home",
        `Order ${bookingReference(Number(values.orderId))} is checked and no longer listed under Payments to review.`,
      );
    }
    case "refund-over-capacity": {
      const orderId = Number(values.orderId);
      const refunded = await refundOverCapacity(orderId, user.username);
      return redirectWithFlash(
        "/dashboard/home",
        "home",
        refunded.ok
          ? `Order ${bookingReference(orderId)}: ${refundedText(refunded.refundPence)}`
          : refunded.message,
      );
    }
    default:
      return Response.json(
        { message: "Unknown action", errors: {}, values } satisfies CreateFailure,
        { status: 400 },
      );
  }
}

/** One booking in the day view: who, what it takes, how it is paid, and its edit link. */
function DayJob({ b, month }: { b: DayViewJob; month: string }) {
  return (
    <li data-testid="day-booking">
      <p>
        <strong>
          {bookingReference(b.orderId)} {b.fullName}
        </strong>{" "}
        · {formatPence(b.totalPence)} · {paymentMethodLabel(b.paymentMethod)} ·{" "}
        {paymentStateText(b.paymentMethod, b.status).toLowerCase()}
        {b.cancelledAt
          ? " · cancelled"
          : b.bookingStatus === "complete"
            ? " · completed"
            : ""} · <span data-testid="day-booking-load">{b.loadText}</span>
      </p>
      <p className="field-hint">
        {b.address1}, {b.town}, {b.postcode} · {b.phoneNumber} · {b.email}
      </p>
      {b.cancelledAt ? (
        <Link to={`/dashboard/orders/${b.orderId}`} className="button button-light">
          Order {bookingReference(b.orderId)}
        </Link>
      ) : (
        <Link
          to={`/dashboard/home?month=${month}&edit=${b.orderId}`}
          className="button button-light day-edit"
          aria-label={`Edit booking ${bookingReference(b.orderId)}`}
        >
          Edit
        </Link>
      )}
    </li>
  );
}

export default function DashboardHome() {
  const {
    flashes,
    counts,
    review,
    today,
    month,
    weeks,
    day,
    editing,
    catalogue,
    pricesNote,
    week,
  } = useLoaderData<typeof loader>();
  const failed = useActionData<CreateFailure>();
  const location = useLocation();
  const navigation = useNavigation();
  const params = new URLSearchParams(location.search);
  const creating =
    params.get("new") === "booking" || (Boolean(failed) && failed?.intent !== "update-booking");
  const closeTo = `/dashboard/home?month=${month}`;
  const submitting = navigation.state === "submitting";
  const v = failed?.values ?? {};
  const e = failed?.errors ?? {};
  return (
    <section aria-labelledby="home-title" className="staff-home">
      <div className="staff-home-head">
        <h1 id="home-title">Home</h1>
        <Link to={overlayHref(location, "new", "booking")} className="button" preventScrollReset>
          Create Booking
        </Link>
      </div>
      <dl className="count-cards">
        <div>
          <dt>Orders</dt>
          <dd data-testid="count-orders">{counts.order}</dd>
        </div>
        <div>
          <dt>Products</dt>
          <dd data-testid="count-products">{counts.products}</dd>
        </div>
        <div>
          <dt>Quotes</dt>
          <dd data-testid="count-quotes">{counts.quotes}</dd>
        </div>
        <div className={review.count > 0 ? "count-card-alert" : undefined}>
          <dt>Payments to review</dt>
          <dd data-testid="count-payments-to-review">
            {review.count > 0 ? <a href="#payments-to-review">{review.count}</a> : review.count}
          </dd>
        </div>
      </dl>

      <section aria-labelledby="week-title" className="week-takings" data-testid="week-takings">
        <div className="week-takings-figures">
          <h2 id="week-title">This week</h2>
          <p>
            <strong data-testid="week-net">{formatPence(week.netPence)}</strong> taken (last week{" "}
            {formatPence(week.lastNetPence)})
          </p>
          <p>
            <strong>{week.bookings}</strong> {week.bookings === 1 ? "booking" : "bookings"} made
            (last week {week.lastBookings})
          </p>
          <Link to="/dashboard/takings">All takings</Link>
        </div>
        <TakingsChart
          title="Net takings a day, this week against last week"
          days={week.chart}
          beforeName="Last week"
          nowName="This week"
        />
      </section>
      <FlashNotice flash={flashes.home} />
      {review.count > 0 ? <PaymentsToReview review={review} /> : null}

      <div className="calendar" aria-labelledby="calendar-title">
        <div className="calendar-head">
          <Link
            to={`/dashboard/home?month=${shiftMonth(month, -1)}`}
            className="button button-light"
            aria-label="Previous month"
          >
            ‹
          </Link>
          <h2 id="calendar-title">{monthLabel(month)}</h2>
          <Link
            to={`/dashboard/home?month=${shiftMonth(month, 1)}`}
            className="button button-light"
            aria-label="Next month"
          >
            ›
          </Link>
        </div>
        <table className="calendar-grid">
          <thead>
            <tr>
              {WEEKDAYS.map((d) => (
                <th key={d} scope="col">
                  {d}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week[0]!.day}>
                {week.map((d) => (
                  <td
                    key={d.day}
                    className={`${d.inMonth ? "" : "outside"}${d.day === today ? " today" : ""}${d.fill.closed ? " closed" : ""}`}
                  >
                    <Link
                      to={`/dashboard/home?month=${month}&day=${d.day}`}
                      preventScrollReset
                      aria-label={`${formatLongDate(d.day)}: ${d.jobs} ${d.jobs === 1 ? "job" : "jobs"}, ${d.fill.closed ? `closed (${d.fill.closed})` : `${d.fill.fillPercent}% full`}`}
                      data-testid={`day-${d.day}`}
                    >
                      <span className="calendar-date">{Number(d.day.slice(8))}</span>
                      {d.jobs > 0 ? <span className="calendar-jobs">{d.jobs}</span> : null}
                      {d.fill.closed ? (
                        <span className="calendar-closed" aria-hidden="true">
                          Closed
                        </span>
                      ) : d.day < today ? null : (
                        <span
                          className={`calendar-fill${d.fill.fillPercent > 100 ? " calendar-fill-over" : ""}`}
                          aria-hidden="true"
                          data-fill={d.fill.fillPercent}
                        >
                          <span style={{ width: `${Math.min(100, d.fill.fillPercent)}%` }} />
                        </span>
                      )}
                    </Link>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {day ? (
        <Overlay title={day.label} closeTo={closeTo}>
          <FlashNotice flash={flashes["day-full"]} className="notice notice-error" />
          <FlashNotice flash={flashes.day} />
          <p>
            <Link to={`/dashboard/today?day=${day.day}`} className="button day-run-sheet">
              Run sheet for this day
            </Link>
          </p>
          <p className="day-totals" data-testid="day-totals">
            {day.view.closed ? `Closed (${day.view.closed}). ` : ""}
            {day.view.totals}
          </p>
          {day.view.windows.map((w) => (
            <section key={w.key} className="day-section" aria-label={w.heading}>
              <h3>
                {w.heading}
                {w.use ? <span className="day-window-use"> · {w.use}</span> : null}
              </h3>
              {w.jobs.length === 0 ? (
                <p className="field-hint">None.</p>
              ) : (
                <ul className="day-bookings">
                  {w.jobs.map((b) => (
                    <DayJob key={b.orderId} b={b} month={month} />
                  ))}
                </ul>
              )}
            </section>
          ))}
          {day.view.cancelled.length > 0 ? (
            <section className="day-section" aria-label="Cancelled">
              <h3>Cancelled</h3>
              <ul className="day-bookings">
                {day.view.cancelled.map((b) => (
                  <DayJob key={b.orderId} b={b} month={month} />
                ))}
              </ul>
            </section>
          ) : null}
        </Overlay>
      ) : null}

      {editing ? (
        <Overlay
          title={`Edit booking ${bookingReference(editing.orderId)}`}
          closeTo={`/dashboard/home?month=${month}&day=${editing.date}`}
        >
          <AlertNotice message={failed?.intent === "update-booking" ? failed.message : null} />
          <BookingEditForm
            action={`/dashboard/home?month=${month}&edit=${editing.orderId}`}
            booking={editing}
            methodLabel={paymentMethodLabel(editing.paymentMethod)}
            values={failed?.values}
            errors={failed?.intent === "update-booking" ? failed.errors : undefined}
            submitting={submitting}
          />
        </Overlay>
      ) : null}

      {creating ? (
        <Overlay title="Create Booking" closeTo={closeTo} wide>
          <AlertNotice
            message={
              failed && Object.keys(failed.errors).length > 0
                ? failed.message || MANUAL_BOOKING_FAILED
                : null
            }
          />
          <ManualBookingForm
            action={`/dashboard/home?month=${month}&new=booking`}
            values={{ ...v, date: v.date ?? today }}
            errors={e}
            submitting={submitting}
            hidden={<input type="hidden" name="intent" value="create-booking" />}
            catalogue={catalogue}
            pricesNote={pricesNote}
          />
        </Overlay>
      ) : null}
    </section>
  );
}

export const meta = titled("Home", "dashboard");
