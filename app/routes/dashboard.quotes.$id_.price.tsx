import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";
import { formatLongDate, formatPence } from "~/lib/format";
import { parsePounds } from "~/lib/money";
import { formValues } from "~/lib/forms";
import { requireId } from "~/lib/ids";
import { isPosition, POSITION_LABELS, POSITIONS } from "~/lib/positions";
import { vatIncluded } from "~/lib/vat";
import { getQuote } from "~/models/quote.server";
import { MAX_QUOTE_LINES, priceFormRows } from "~/lib/quote-price-form";
import { sendQuotePrice } from "~/models/quote-offer-changes.server";
import {
  checkQuotePrice,
  priceFormValues,
  quoteCatalogue,
  type QuotePrice,
} from "~/models/quote-price.server";
import { vatRatePercent } from "~/models/settings.server";
import { requireStaff } from "~/models/staff-auth.server";
import { config } from "~/services/config.server";
import { redirectWithFlash } from "~/services/flash.server";

/**
 * "Price this quote" (tablet first): catalogue lines priced as the shop
 * prices them, free lines as typed, a note and a validity. "Update totals"
 * works without JavaScript; with it, the totals follow every change.
 * Sending writes the offer and queues the customer's email with the PDF.
 */

async function loadQuote(param: string | undefined) {
  const quote = await getQuote(requireId(param, "Quote not found"));
  if (!quote) throw new Response("Quote not found", { status: 404 });
  return quote;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request);
  const quote = await loadQuote(params.id);
  if (quote.state === "booked") throw new Response("This quote is already booked", { status: 409 });
  return {
    quote,
    values: await priceFormValues(quote.id),
    catalogue: await quoteCatalogue(),
    vatRate: await vatRatePercent(),
    vatRegistered: config().business.vatNumber !== "",
  };
}

type ActionResult = {
  values: Record<string, string>;
  message: string | null;
  errors: Record<string, string | undefined>;
  preview: QuotePrice | null;
};

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireStaff(request);
  const quote = await loadQuote(params.id);
  const values = formValues(await request.formData());
  const rows = priceFormRows(values);
  const more = (kind: "catalogue" | "free") =>
    data<ActionResult>({
      values: {
        ...values,
        [`${kind}_rows`]: String(Math.min(MAX_QUOTE_LINES, rows[kind] + 1)),
      },
      message: null,
      errors: {},
      preview: null,
    });
  switch (values.intent) {
    case "more-catalogue":
      return more("catalogue");
    case "more-free":
      return more("free");
    case "send": {
      const result = await sendQuotePrice(quote.id, values, user.username);
      if (!result.ok)
        return data<ActionResult>(
          { values, message: result.message, errors: result.errors, preview: null },
          { status: result.status },
        );
      return redirectWithFlash(
        `/dashboard/quotes/${quote.id}`,
        "quote-detail",
        `Quote ${result.offer.reference} sent to ${quote.email}${result.replaced ? ": it replaces the earlier price, whose link now points here" : ""}.`,
      );
    }
    default: {
      const checked = await checkQuotePrice(values);
      return data<ActionResult>(
        checked.ok
          ? { values, message: null, errors: {}, preview: checked.price }
          : { values, message: checked.message, errors: checked.errors, preview: null },
        { status: checked.ok ? 200 : 400 },
      );
    }
  }
}

type Catalogue = Awaited<ReturnType<typeof loader>>["catalogue"];

/** The form's total as typed, for the live totals (the server prices it again on sending). */
function liveTotal(form: HTMLFormElement, catalogue: Catalogue): number | null {
  const values = Object.fromEntries(
    [...new FormData(form).entries()].map(([k, v]) => [k, String(v)]),
  );
  const rows = priceFormRows(values);
  let total = 0;
  for (let i = 0; i < rows.catalogue; i++) {
    const product = catalogue.find((p) => String(p.id) === values[`c${i}_product`]);
    const position = values[`c${i}_position`];
    if (!product || !isPosition(position)) continue;
    total += product.prices[position] * (Number(values[`c${i}_quantity`]) || 1);
  }
  for (let i = 0; i < rows.free; i++) {
    const price = parsePounds(values[`f${i}_price`]);
    if (price === null) continue;
    total += price * (Number(values[`f${i}_quantity`]) || 1);
  }
  return total;
}

function FieldError({ id, error }: { id: string; error?: string }) {
  return (
    <p className="field-error" id={id} aria-live="polite">
      {error ?? ""}
    </p>
  );
}

export default function PriceQuote() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<ActionResult>();
  const navigation = useNavigation();
  const { quote, catalogue, vatRate, vatRegistered } = page;
  const values = result?.values ?? page.values;
  const errors = result?.errors ?? {};
  const rows = priceFormRows(values);
  const [live, setLive] = useState<number | null>(null);
  // A server answer (Update totals, a refusal) shows its own totals and lines again.
  useEffect(() => setLive(null), [result]);
  const onChange = (event: FormEvent<HTMLFormElement>) =>
    setLive(liveTotal(event.currentTarget, catalogue));
  const preview = result?.preview ?? null;
  const shownTotal = live ?? preview?.totalPence ?? null;
  const sending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "send";
  const self = `/dashboard/quotes/${quote.id}/price`;
  const invalid = (name: string) => (errors[name] ? true : undefined);

  return (
    <article aria-labelledby="price-title" className="quote-price">
      <p>
        <Link to={`/dashboard/quotes/${quote.id}`}>← Back to quote Q{quote.id}</Link>
      </p>
      <h1 id="price-title">Price quote Q{quote.id}</h1>
      <p className="field-hint">
        For {quote.full_name}, {quote.address_1}, {quote.town}, {quote.postcode} · sent to{" "}
        {quote.email}
      </p>
      <details className="quote-price-request" open>
        <summary>What they asked for</summary>
        <p className="quote-comments">{quote.comments}</p>
        <ul className="quote-price-photos">
          {quote.photos
            .filter((photo) => photo.content_type === "image/jpeg")
            .map((photo, i) => (
              <li key={photo.id}>
                <a href={`/api/products/quotes-img/${photo.id}`}>
                  <img
                    src={`/api/products/quotes-img/${photo.id}?w=160`}
                    alt={photo.original_filename ?? `Photo ${i + 1}`}
                    width={160}
                    height={
                      photo.width && photo.height
                        ? Math.round((160 * photo.height) / photo.width)
                        : 120
                    }
                    loading="lazy"
                  />
                </a>
              </li>
            ))}
        </ul>
      </details>

      {result?.message ? (
        <div role="alert" className="notice notice-error">
          <p>{result.message}</p>
        </div>
      ) : null}

      <Form method="post" action={self} className="stack" onChange={onChange} noValidate>
        {/* Enter in a field updates the totals; it never sends the quote. */}
        <button
          type="submit"
          name="intent"
          value="preview"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
        />
        <input type="hidden" name="catalogue_rows" value={rows.catalogue} />
        <input type="hidden" name="free_rows" value={rows.free} />

        <fieldset className="price-lines">
          <legend>
            <h2>Items from the catalogue</h2>
          </legend>
          <p className="field-hint">Priced as the shop prices them today, VAT included.</p>
          <table className="price-table">
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Where it is</th>
                <th scope="col">Qty</th>
              </tr>
            </thead>
            <tbody>
              {Array.from({ length: rows.catalogue }, (_, i) => (
                <tr key={`c${i}`} data-testid="catalogue-line">
                  <td>
                    <label className="visually-hidden" htmlFor={`c${i}_product`}>
                      Catalogue item {i + 1}
                    </label>
                    <select
                      id={`c${i}_product`}
                      name={`c${i}_product`}
                      defaultValue={values[`c${i}_product`] ?? ""}
                      aria-invalid={invalid(`c${i}_product`)}
                      aria-describedby={`c${i}_product-error`}
                    >
                      <option value="">— None —</option>
                      {catalogue.map((p) => (
                        <option key={p.id} value={p.id}>
                          {p.name}
                        </option>
                      ))}
                    </select>
                    <FieldError id={`c${i}_product-error`} error={errors[`c${i}_product`]} />
                  </td>
                  <td>
                    <label className="visually-hidden" htmlFor={`c${i}_position`}>
                      Where catalogue item {i + 1} is
                    </label>
                    <select
                      id={`c${i}_position`}
                      name={`c${i}_position`}
                      defaultValue={values[`c${i}_position`] ?? "outside"}
                      aria-invalid={invalid(`c${i}_position`)}
                      aria-describedby={`c${i}_position-error`}
                    >
                      {POSITIONS.map((position) => (
                        <option key={position} value={position}>
                          {POSITION_LABELS[position]}
                        </option>
                      ))}
                    </select>
                    <FieldError id={`c${i}_position-error`} error={errors[`c${i}_position`]} />
                  </td>
                  <td>
                    <label className="visually-hidden" htmlFor={`c${i}_quantity`}>
                      Quantity of catalogue item {i + 1}
                    </label>
                    <input
                      id={`c${i}_quantity`}
                      name={`c${i}_quantity`}
                      type="number"
                      min={1}
                      max={99}
                      inputMode="numeric"
                      className="price-qty"
                      defaultValue={values[`c${i}_quantity`] ?? "1"}
                      aria-invalid={invalid(`c${i}_quantity`)}
                      aria-describedby={`c${i}_quantity-error`}
                    />
                    <FieldError id={`c${i}_quantity-error`} error={errors[`c${i}_quantity`]} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <button
            type="submit"
            name="intent"
            value="more-catalogue"
            className="button button-light"
            formNoValidate
            disabled={rows.catalogue >= MAX_QUOTE_LINES}
          >
            Add a catalogue line
          </button>
        </fieldset>

        <fieldset className="price-lines">
          <legend>
            <h2>Your own lines</h2>
          </legend>
          <p className="field-hint">
            Work the catalogue does not list, such as “Loose garden waste, about 2 m³”. Prices
            include VAT. Give each line its load in cubic yards and the crew’s minutes, each (the
            calendar uses them to offer days it fits); catalogue items take their product’s.
          </p>
          <table className="price-table">
            <thead>
              <tr>
                <th scope="col">Description</th>
                <th scope="col">Price each (£)</th>
                <th scope="col">Qty</th>
                <th scope="col">Load (yd³)</th>
                <th scope="col">Crew minutes</th>
              </tr>
            </thead>
            <tbody>
              {Array.from({ length: rows.free }, (_, i) => (
                <tr key={`f${i}`} data-testid="free-line">
                  <td>
                    <label className="visually-hidden" htmlFor={`f${i}_description`}>
                      Description of line {i + 1}
                    </label>
                    <input
                      id={`f${i}_description`}
                      name={`f${i}_description`}
                      maxLength={200}
                      defaultValue={values[`f${i}_description`] ?? ""}
                      aria-invalid={invalid(`f${i}_description`)}
                      aria-describedby={`f${i}_description-error`}
                    />
                    <FieldError
                      id={`f${i}_description-error`}
                      error={errors[`f${i}_description`]}
                    />
                  </td>
                  <td>
                    <label className="visually-hidden" htmlFor={`f${i}_price`}>
                      Price of line {i + 1} in pounds
                    </label>
                    <input
                      id={`f${i}_price`}
                      name={`f${i}_price`}
                      inputMode="decimal"
                      pattern="\d{1,7}(\.\d{1,2})?"
                      title="Pounds, like 12.50"
                      className="price-money"
                      defaultValue={values[`f${i}_price`] ?? ""}
                      aria-invalid={invalid(`f${i}_price`)}
                      aria-describedby={`f${i}_price-error`}
                    />
                    <FieldError id={`f${i}_price-error`} error={errors[`f${i}_price`]} />
                  </td>
                  <td>
                    <label className="visually-hidden" htmlFor={`f${i}_quantity`}>
                      Quantity of line {i + 1}
                    </label>
                    <input
                      id={`f${i}_quantity`}
                      name={`f${i}_quantity`}
                      type="number"
                      min={1}
                      max={99}
                      inputMode="numeric"
                      className="price-qty"
                      defaultValue={values[`f${i}_quantity`] ?? "1"}
                      aria-invalid={invalid(`f${i}_quantity`)}
                      aria-describedby={`f${i}_quantity-error`}
                    />
                    <FieldError id={`f${i}_quantity-error`} error={errors[`f${i}_quantity`]} />
                  </td>
                  <td>
                    <label className="visually-hidden" htmlFor={`f${i}_load`}>
                      Load of line {i + 1} in cubic yards
                    </label>
                    <input
                      id={`f${i}_load`}
                      name={`f${i}_load`}
                      inputMode="decimal"
                      className="price-qty"
                      defaultValue={values[`f${i}_load`] ?? ""}
                      aria-invalid={invalid(`f${i}_load`)}
                      aria-describedby={`f${i}_load-error`}
                    />
                    <FieldError id={`f${i}_load-error`} error={errors[`f${i}_load`]} />
                  </td>
                  <td>
                    <label className="visually-hidden" htmlFor={`f${i}_minutes`}>
                      Crew minutes of line {i + 1}
                    </label>
                    <input
                      id={`f${i}_minutes`}
                      name={`f${i}_minutes`}
                      inputMode="numeric"
                      className="price-qty"
                      defaultValue={values[`f${i}_minutes`] ?? ""}
                      aria-invalid={invalid(`f${i}_minutes`)}
                      aria-describedby={`f${i}_minutes-error`}
                    />
                    <FieldError id={`f${i}_minutes-error`} error={errors[`f${i}_minutes`]} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <button
            type="submit"
            name="intent"
            value="more-free"
            className="button button-light"
            formNoValidate
            disabled={rows.free >= MAX_QUOTE_LINES}
          >
            Add a line of your own
          </button>
        </fieldset>

        <div className="price-terms">
          <div className={`field${errors.valid_days ? " field-invalid" : ""}`}>
            <label htmlFor="valid_days">Valid for (days)</label>
            <input
              id="valid_days"
              name="valid_days"
              type="number"
              min={1}
              max={90}
              inputMode="numeric"
              className="price-qty"
              defaultValue={values.valid_days ?? ""}
              aria-invalid={invalid("valid_days")}
              aria-describedby="valid_days-error"
            />
            <FieldError id="valid_days-error" error={errors.valid_days} />
          </div>
          <div className={`field${errors.note ? " field-invalid" : ""}`}>
            <label htmlFor="note">A note to the customer (optional)</label>
            <textarea
              id="note"
              name="note"
              rows={4}
              maxLength={2000}
              defaultValue={values.note ?? ""}
              aria-invalid={invalid("note")}
              aria-describedby="note-error"
            />
            <FieldError id="note-error" error={errors.note} />
          </div>
        </div>

        <section className="price-summary" aria-labelledby="price-summary-title">
          <h2 id="price-summary-title">Total</h2>
          {preview && live === null ? (
            <table className="price-table price-preview" data-testid="price-preview">
              <tbody>
                {preview.lines.map((line, i) => (
                  <tr key={i}>
                    <td>
                      {line.quantity} × {line.description}
                      {line.position ? ` (${POSITION_LABELS[line.position]})` : ""}
                    </td>
                    <td className="price-amount">
                      {formatPence(line.unitPricePence * line.quantity)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          <p className="price-total" data-testid="price-total" aria-live="polite">
            {shownTotal === null ? (
              "Choose items or add your own lines, then update the totals."
            ) : (
              <>
                <strong>{formatPence(shownTotal)}</strong>
                {vatRegistered
                  ? ` including VAT at ${vatRate}%: ${formatPence(vatIncluded(shownTotal, vatRate))}`
                  : " (no VAT shown: VAT_NUMBER is not set)"}
              </>
            )}
          </p>
          {preview ? (
            <p className="field-hint">Valid until {formatLongDate(preview.validUntil)}.</p>
          ) : null}
          <div className="quote-actions">
            <button type="submit" name="intent" value="preview" className="button button-light">
              Update totals
            </button>
            <button type="submit" name="intent" value="send" className="button" disabled={sending}>
              {sending ? "Sending…" : `Send quote to ${quote.email}`}
            </button>
          </div>
        </section>
      </Form>
    </article>
  );
}

export const meta: MetaFunction = () => [{ title: "Price a quote — Haulbook dashboard" }];

export { ErrorBoundary } from "~/components/error-boundary";
