import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { TakingsChart } from "~/components/takings-chart";
import { isIsoDay } from "~/lib/calendar";
import { formatLongDate, formatPence } from "~/lib/format";
import { todayInLondon } from "~/lib/london-clock.server";
import { titled } from "~/lib/page-title";
import { searchDays } from "~/lib/staff-search";
import { chartDays, daysBetween, takingsPeriods } from "~/lib/takings";
import { takings } from "~/models/payments/takings.server";
import { requireStaff } from "~/models/staff/staff-auth.server";

/**
 * Takings (docs/rules.md#takings): for this week (or any period of days), the bookings made, the
 * money received by method, refunds, fees, the VAT it contains when registered, the cash to bank
 * and how many priced quotes became bookings; a chart of the days, and the same as a CSV.
 */

/** The longest period the page draws (and reads) at once. */
const MAX_DAYS = 366;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const params = new URL(request.url).searchParams;
  const today = todayInLondon();
  const periods = takingsPeriods(today);
  const asked = searchDays(params.get("from"), params.get("to"));
  const from = asked.from ?? periods[0].from;
  const to = asked.to && asked.to >= from ? asked.to : asked.from ? asked.from : periods[0].to;
  const days = daysBetween(from, to);
  const range = { from, to: days.length >= MAX_DAYS ? days[MAX_DAYS - 1]! : to };
  const report = await takings(range.from, range.to);
  return {
    report,
    chart: chartDays(report),
    periods,
    query: `from=${range.from}&to=${range.to}`,
    named: periods.find((p) => p.from === range.from && p.to === range.to)?.name ?? null,
  };
}

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

export default function TakingsPage() {
  const { report, chart, periods, query, named } = useLoaderData<typeof loader>();
  const rate =
    report.quotes.priced > 0
      ? ` (${Math.round((100 * report.quotes.booked) / report.quotes.priced)}%)`
      : "";
  return (
    <section aria-labelledby="takings-title" className="takings">
      <div className="staff-home-head">
        <h1 id="takings-title">Takings</h1>
        <a href={`/dashboard/takings.csv?${query}`} className="button button-light" download>
          Download CSV
        </a>
      </div>
      <nav className="inbox-tabs" aria-label="Periods">
        {periods.map((p) => (
          <Link
            key={p.name}
            to={`/dashboard/takings?from=${p.from}&to=${p.to}`}
            aria-current={named === p.name ? "page" : undefined}
          >
            {p.name}
          </Link>
        ))}
      </nav>
      <Form method="get" className="staff-search takings-range">
        <div className="field">
          <label htmlFor="t-from">From</label>
          <input id="t-from" name="from" type="date" defaultValue={report.from} />
        </div>
        <div className="field">
          <label htmlFor="t-to">To</label>
          <input id="t-to" name="to" type="date" defaultValue={report.to} />
        </div>
        <button type="submit" className="button">
          Show
        </button>
      </Form>
      <h2 data-testid="takings-period">
        {named ? `${named}: ` : ""}
        {isIsoDay(report.from) ? formatLongDate(report.from) : report.from} to{" "}
        {formatLongDate(report.to)}
      </h2>
      <div className="takings-grid">
        <section aria-labelledby="money-title" className="takings-panel">
          <h3 id="money-title">Money</h3>
          <dl className="takings-figures">
            <Row label="Card" value={formatPence(report.received.card)} testId="takings-card" />
            <Row
              label="Cash"
              value={formatPence(report.received.cash_payment)}
              testId="takings-cash"
            />
            <Row
              label="Bank transfer"
              value={formatPence(report.received.bank_transfer)}
              testId="takings-bank"
            />
            <Row
              label="Received"
              value={formatPence(report.received.total)}
              testId="takings-received"
            />
            <Row
              label="Refunded"
              value={
                report.refundedPence > 0 ? `−${formatPence(report.refundedPence)}` : formatPence(0)
              }
              testId="takings-refunded"
            />
            <Row label="Net takings" value={formatPence(report.netPence)} testId="takings-net" />
          </dl>
        </section>
        <section aria-labelledby="within-title" className="takings-panel">
          <h3 id="within-title">Within it</h3>
          <dl className="takings-figures">
            <Row
              label="Date change fees"
              value={formatPence(report.received.moveFees)}
              testId="takings-move-fees"
            />
            <Row
              label="Cancellation fees kept"
              value={formatPence(report.cancellationFeesPence)}
              testId="takings-cancel-fees"
            />
            {report.vatPence === null ? null : (
              <Row
                label={`VAT contained (${report.vatRatePercent}%)`}
                value={formatPence(report.vatPence)}
                testId="takings-vat"
              />
            )}
            <Row
              label="Cash to pay into the bank"
              value={formatPence(report.cashPence)}
              testId="takings-to-bank"
            />
          </dl>
        </section>
        <section aria-labelledby="work-title" className="takings-panel">
          <h3 id="work-title">Work</h3>
          <dl className="takings-figures">
            <Row
              label="Bookings made"
              value={`${report.bookings.count} · ${formatPence(report.bookings.valuePence)}`}
              testId="takings-bookings"
            />
            <Row label="Of them cancelled" value={String(report.bookings.cancelled)} />
            <Row
              label="Quotes priced"
              value={String(report.quotes.priced)}
              testId="takings-quotes"
            />
            <Row
              label="Of them booked"
              value={`${report.quotes.booked}${rate}`}
              testId="takings-quotes-booked"
            />
          </dl>
        </section>
      </div>
      <TakingsChart title="Net takings a day" days={chart} />
      <p className="field-hint">
        Money counts on the day it moved: a card payment when it was paid, cash or a transfer when
        it was marked paid, a refund when the booking was cancelled.
        {report.vatPence === null
          ? ""
          : " VAT is worked out from the net takings at the rate in Settings."}
      </p>
    </section>
  );
}

export const meta = titled("Takings", "dashboard");
