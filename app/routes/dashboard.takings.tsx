import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CashBanking } from "~/components/cash-banking";
import { DateRangeFields } from "~/components/staff-list";
import { TakingsChart } from "~/components/takings-chart";
import { isIsoDay } from "~/lib/calendar";
import { formatLongDate, formatPence } from "~/lib/format";
import { todayInLondon } from "~/lib/london-clock.server";
import { titled } from "~/lib/page-title";
import { searchDays } from "~/lib/staff-search";
import { chartDays, daysBetween, takingsPeriods } from "~/lib/takings";
import { formValues } from "~/lib/forms";
import { BANKING_FIELDS } from "~/lib/cash-banking";
import {
  cashAwaitingBanking,
  recentBankings,
  recordBanking,
} from "~/models/payments/cash-banking.server";
import { takingsFor } from "~/models/payments/takings.server";
import { requireStaff } from "~/models/staff/staff-auth.server";
import { readFlash, redirectWithFlash } from "~/services/flash.server";

/**
 * Takings (docs/rules.md#takings): for this week (or any period of days), the bookings made, the
 * money received by method, refunds, fees, the VAT it contains when registered, the cash to bank
 * and how many priced quotes became bookings; a chart of the days, and the same as a CSV.
 */

/** The longest period the page draws (and reads) at once. */
const MAX_DAYS = 366;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const { flash, headers } = await readFlash(request, "takings");
  const params = new URL(request.url).searchParams;
  const today = todayInLondon();
  const periods = takingsPeriods(today);
  const asked = searchDays(params.get("from"), params.get("to"));
  const from = asked.from ?? periods[0].from;
  const to = asked.to && asked.to >= from ? asked.to : asked.from ? asked.from : periods[0].to;
  const days = daysBetween(from, to);
  const range = { from, to: days.length >= MAX_DAYS ? days[MAX_DAYS - 1]! : to };
  const report = await takingsFor(range.from, range.to);
  return data(
    {
      report,
      cash: { ...(await cashAwaitingBanking()), recent: await recentBankings(), today, flash },
      chart: chartDays(report),
      periods,
      query: `from=${range.from}&to=${range.to}`,
      named: periods.find((p) => p.from === range.from && p.to === range.to)?.name ?? null,
    },
    { headers },
  );
}

/** "Record paying in": cash taken by the crews, paid in to the bank. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireStaff(request);
  const values = formValues(await request.formData());
  const recorded = await recordBanking(
    {
      amount: values[BANKING_FIELDS.amount],
      day: values[BANKING_FIELDS.day],
      note: values[BANKING_FIELDS.note],
    },
    user.username,
  );
  if (!recorded.ok) return data({ errors: recorded.errors, values }, { status: 400 });
  const { amountPence, day } = recorded.banking;
  return redirectWithFlash(
    `/dashboard/takings${new URL(request.url).search}`,
    "takings",
    `${formatPence(amountPence)} recorded as paid in to the bank on ${formatLongDate(day)}.`,
  );
}

export default function TakingsPage() {
  const { report, chart, periods, query, named, cash } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const rate =
    report.quotes.priced > 0
      ? ` (${Math.round((100 * report.quotes.booked) / report.quotes.priced)}%)`
      : "";
  // [label, figure, test id] a row.
  const panels: { title: string; rows: [string, string, string][] }[] = [
    {
      title: "Money",
      rows: [
        ["Card", formatPence(report.received.card), "takings-card"],
        ["Cash", formatPence(report.received.cash_payment), "takings-cash"],
        ["Bank transfer", formatPence(report.received.bank_transfer), "takings-bank"],
        ["Received", formatPence(report.received.total), "takings-received"],
        [
          "Refunded",
          report.refundedPence > 0 ? `−${formatPence(report.refundedPence)}` : formatPence(0),
          "takings-refunded",
        ],
        ["Net takings", formatPence(report.netPence), "takings-net"],
      ],
    },
    {
      title: "Within it",
      rows: [
        ["Date change fees", formatPence(report.received.moveFees), "takings-move-fees"],
        [
          "Cancellation fees kept",
          formatPence(report.cancellationFeesPence),
          "takings-cancel-fees",
        ],
        ...(report.vatPence === null
          ? []
          : [
              [
                `VAT contained (${report.vatRatePercent}%)`,
                formatPence(report.vatPence),
                "takings-vat",
              ] as [string, string, string],
            ]),
      ],
    },
    {
      title: "Work",
      rows: [
        [
          "Bookings made",
          `${report.bookings.count} · ${formatPence(report.bookings.valuePence)}`,
          "takings-bookings",
        ],
        ["Of them cancelled", String(report.bookings.cancelled), "takings-cancelled"],
        ["Quotes priced", String(report.quotes.priced), "takings-quotes"],
        ["Of them booked", `${report.quotes.booked}${rate}`, "takings-quotes-booked"],
      ],
    },
  ];
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
        <DateRangeFields idPrefix="t" from={report.from} to={report.to} />
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
        {panels.map((panel) => (
          <section key={panel.title} aria-label={panel.title} className="takings-panel">
            <h3>{panel.title}</h3>
            <dl className="takings-figures">
              {panel.rows.map(([label, value, testId]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd data-testid={testId}>{value}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
      <TakingsChart title="Net takings a day" days={chart} />
      <CashBanking cash={cash} failed={failed ?? null} />
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
