import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";
import { FieldError } from "~/components/field-error";
import { CatalogueLines, FreeLines } from "~/components/quote-price-lines";
import { PhotoThumbnail } from "~/components/photo-thumbnail";
import { formatLongDate, formatPence } from "~/lib/format";
import { parsePounds } from "~/lib/money";
import { formValues } from "~/lib/forms";
import { isPosition, POSITION_LABELS } from "~/lib/positions";
import { vatWording, type VatLine } from "~/lib/vat";
import { requireQuote } from "~/models/quotes/quote.server";
import { priceFormRows, withMoreRows } from "~/lib/quote-price-form";
import { sendQuotePrice } from "~/models/quotes/quote-offer-changes.server";
import {
  checkQuotePrice,
  priceFormValues,
  quoteCatalogue,
  type QuotePrice,
} from "~/models/quotes/quote-price.server";
import { vatStatus } from "~/models/shop/settings.server";
import { requireStaff } from "~/models/staff/staff-auth.server";
import { redirectWithFlash } from "~/services/flash.server";
import { AlertNotice } from "~/components/alert-notice";
import { titled } from "~/lib/page-title";

/**
 * "Price this quote" (tablet first): catalogue lines priced as the shop
 * prices them, free lines as typed, a note and a validity. "Update totals"
 * works without JavaScript; with it, the totals follow every change.
 * Sending writes the offer and queues the customer's email with the PDF.
 */

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request);
  const quote = await requireQuote(params.id);
  if (quote.state === "booked") throw new Response("This quote is already booked", { status: 409 });
  return {
    quote,
    values: await priceFormValues(quote.id),
    catalogue: await quoteCatalogue(),
    vat: await vatStatus(),
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
  const quote = await requireQuote(params.id);
  const values = formValues(await request.formData());
  const more = withMoreRows(values);
  if (more) return data<ActionResult>({ values: more, message: null, errors: {}, preview: null });
  switch (values.intent) {
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

export default function PriceQuote() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<ActionResult>();
  const navigation = useNavigation();
  const { quote, catalogue, vat } = page;
  const { pricesNote, totalLine } = vatWording(vat);
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
                  <PhotoThumbnail
                    src={`/api/products/quotes-img/${photo.id}?w=160`}
                    alt={photo.original_filename ?? `Photo ${i + 1}`}
                    width={160}
                    photo={photo}
                  />
                </a>
              </li>
            ))}
        </ul>
      </details>

      <AlertNotice message={result?.message} />

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

        <CatalogueLines
          rows={rows.catalogue}
          catalogue={catalogue}
          state={{ values, errors }}
          pricesNote={pricesNote}
        />
        <FreeLines rows={rows.free} state={{ values, errors }} pricesNote={pricesNote} />

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
                {vatLineText(totalLine(shownTotal))}
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

export const meta = titled("Price a quote", "dashboard");

export { ErrorBoundary } from "~/components/error-boundary";

/** The VAT in a total, after it: " (includes VAT at 20%: £2.00)", or "" when none is charged. */
function vatLineText(line: VatLine | null): string {
  return line ? ` (${line.inText}: ${formatPence(line.pence)})` : "";
}
