import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { Field } from "~/components/field";
import { formatDateTime } from "~/lib/format";
import { todayInLondon } from "~/lib/london-clock.server";
import { checkTransferRange, wasteTransfers } from "~/models/job-day/waste-export.server";
import { requireStaff } from "~/models/staff/staff-auth.server";
import { problemWords } from "~/lib/defra-receipt";
import { defraRecords } from "~/models/waste-tracking/defra-records.server";
import { titled } from "~/lib/page-title";

/**
 * Waste transfers (docs/rules.md#waste-transfers-export): the waste lines of
 * the notes of a range of UK days, and the range's CSV and JSON downloads. A
 * GET form, so it works without JavaScript; the default range is the current
 * month up to today.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const q = new URL(request.url).searchParams;
  const today = todayInLondon();
  const asked = { from: q.get("from") ?? `${today.slice(0, 8)}01`, to: q.get("to") ?? today };
  const range = checkTransferRange(asked);
  if (!range.ok)
    return {
      asked,
      error: { field: range.field, message: range.message },
      found: null,
      lines: [],
      defra: null,
    };
  const [records, defra] = await Promise.all([wasteTransfers(range), defraRecords(range)]);
  const query = new URLSearchParams({ from: range.from, to: range.to }).toString();
  return {
    asked,
    error: null,
    found: {
      notes: new Set(records.map((r) => r.yourUniqueReference)).size,
      csvHref: `/dashboard/transfers/export.csv?${query}`,
      jsonHref: `/dashboard/transfers/export.json?${query}`,
      defraHref: `/dashboard/transfers/export.dwt.json?${query}`,
    },
    // Defra's records of the jobs delivered on loads of these days: ready ones are exported.
    defra: {
      delivered: defra.length,
      ready: defra.filter((r) => r.problems.length === 0).length,
      missing: defra
        .filter((r) => r.problems.length > 0)
        .map((r) => ({
          reference: r.reference,
          words: problemWords(r.problems.map((p) => p.key)).join("; "),
        })),
    },
    lines: records.map((r) => ({
      key: `${r.yourUniqueReference}-${r.lineNumber}`,
      when: r.dateTimeTransferred,
      reference: r.yourUniqueReference,
      orderId: r.orderId,
      customer: r.transferor.businessName ?? r.transferor.name,
      lowCode: r.wasteItem.lowCode,
      description: r.wasteItem.wasteDescription,
      productName: r.wasteItem.productName,
      quantity: r.wasteItem.quantity.amount,
      hazardous: r.wasteItem.containsHazardous,
      pops: r.wasteItem.containsPops,
    })),
  };
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export default function Transfers() {
  const data = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "loading";
  const { asked, error, found, lines, defra } = data;
  return (
    <section aria-labelledby="transfers-title">
      <div className="staff-home-head">
        <h1 id="transfers-title">Waste transfers</h1>
      </div>
      <Form method="get" className="staff-search transfers-range" aria-label="Range of days">
        <Field
          label="From"
          name="from"
          type="date"
          required
          defaultValue={asked.from}
          error={error?.field === "from" ? error.message : undefined}
        />
        <Field
          label="To"
          name="to"
          type="date"
          required
          defaultValue={asked.to}
          error={error?.field === "to" ? error.message : undefined}
        />
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Showing..." : "Show"}
        </button>
      </Form>
      {found ? (
        <>
          <div className="staff-home-head transfers-found">
            <p className="field-hint" aria-live="polite" data-testid="transfers-count">
              {count(found.notes, "note", "notes")}, {count(lines.length, "line", "lines")}
            </p>
            <p className="transfers-downloads">
              <a href={found.csvHref} className="button button-light" download>
                Download CSV
              </a>
              <a href={found.jsonHref} className="button button-light" download>
                Download JSON
              </a>
              {defra && defra.ready > 0 ? (
                <a href={found.defraHref} className="button button-light" download>
                  For Defra (JSON)
                </a>
              ) : null}
            </p>
          </div>
          {defra && defra.delivered > 0 ? (
            <section className="takings-panel transfers-defra" aria-labelledby="defra-title">
              <h2 id="defra-title">For Defra&apos;s waste tracking</h2>
              <p data-testid="defra-count">
                {defra.delivered} {defra.delivered === 1 ? "job" : "jobs"} taken to a tip on these
                days; {defra.ready} ready to export.
              </p>
              {defra.missing.length > 0 ? (
                <ul data-testid="defra-missing">
                  {defra.missing.map((r) => (
                    <li key={r.reference}>
                      {r.reference} is not exported until it has {r.words}.
                    </li>
                  ))}
                </ul>
              ) : null}
            </section>
          ) : null}
          {lines.length === 0 ? (
            <p className="empty-state">No waste transfers on these days.</p>
          ) : (
            <div className="table-scroll">
              <table className="staff-table transfers-table">
                <thead>
                  <tr>
                    <th scope="col">Transferred</th>
                    <th scope="col">Note</th>
                    <th scope="col">Customer</th>
                    <th scope="col">LoW code</th>
                    <th scope="col">Waste</th>
                    <th scope="col">Quantity</th>
                    <th scope="col">Hazardous / POPs</th>
                  </tr>
                </thead>
                <tbody>
                  {lines.map((line) => (
                    <tr key={line.key} data-testid="transfer-row">
                      <td>{formatDateTime(line.when)}</td>
                      <td className="transfers-code">
                        {line.orderId === null ? (
                          line.reference
                        ) : (
                          <Link to={`/dashboard/orders/${line.orderId}`}>{line.reference}</Link>
                        )}
                      </td>
                      <td>{line.customer}</td>
                      <td className="transfers-code">{line.lowCode}</td>
                      <td>
                        {line.description}
                        <br />
                        <span className="field-hint">{line.productName}</span>
                      </td>
                      <td>{line.quantity}</td>
                      <td>
                        {[line.hazardous ? "Hazardous" : null, line.pops ? "POPs" : null]
                          .filter(Boolean)
                          .join(", ") || "—"}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      ) : null}
    </section>
  );
}

export const meta = titled("Waste transfers", "dashboard");
