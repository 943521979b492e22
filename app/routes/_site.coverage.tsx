import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Field } from "~/components/field";
import { formatPence } from "~/lib/format";
import { areaCodesText, coverageMessage, coverageOf, surchargeFor } from "~/lib/service-area";
import { areaSurcharges, serviceAreaCodes } from "~/models/shop/service-area.server";
import { businessProfile } from "~/models/shop/business-profile.server";
import { titled } from "~/lib/page-title";

/**
 * /coverage: "Do we cover your postcode?" (docs/rules.md#the-area-served), asked from the home
 * page and the checkout. A GET form, so it works without JavaScript and the answer has its own
 * address; never a shared page, so a change to the area shows at once.
 */

const MAX_POSTCODE_LENGTH = 16;

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const typed = (params.get("postcode") ?? "").slice(0, MAX_POSTCODE_LENGTH);
  const fromCheckout = params.get("from") === "checkout";
  const codes = await serviceAreaCodes();
  const base = { typed, fromCheckout, area: areaCodesText(codes), phone: businessProfile().phone };
  if (typed.trim() === "") return { ...base, answer: null };
  const coverage = coverageOf(typed, codes);
  if (coverage.covered) {
    const surcharge = surchargeFor(coverage.postcode, await areaSurcharges());
    return {
      ...base,
      answer: {
        covered: true as const,
        outcode: coverage.postcode.outcode,
        message: "",
        // The extra charge, said before anything is chosen (docs/rules.md#the-area-served).
        surcharge: surcharge
          ? `Collections from ${coverage.postcode.district} carry an extra ${formatPence(surcharge.pence)}, added to your booking before you pay.`
          : "",
      },
    };
  }
  return {
    ...base,
    answer: {
      covered: false as const,
      malformed: coverage.reason === "malformed",
      message: coverageMessage(coverage, "customer"),
    },
  };
}

export default function Coverage() {
  const { typed, fromCheckout, area, phone, answer } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const answerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (answer && !(!answer.covered && answer.malformed)) answerRef.current?.focus();
  }, [answer]);
  const malformed = answer && !answer.covered && answer.malformed ? answer.message : undefined;
  const tel = `tel:${phone.replace(/\s+/g, "")}`;
  return (
    <section className="container prose coverage" aria-labelledby="coverage-title">
      <h1 id="coverage-title">Do we cover your postcode?</h1>
      {answer && !(!answer.covered && answer.malformed) ? (
        <div
          role="status"
          className={`notice ${answer.covered ? "notice-success" : "notice-error"}`}
          tabIndex={-1}
          ref={answerRef}
          data-testid="coverage-answer"
        >
          <p>
            <strong>
              {answer.covered ? `Yes, we collect from ${answer.outcode}.` : answer.message}
            </strong>
          </p>
          {answer.covered && answer.surcharge ? (
            <p data-testid="coverage-surcharge">{answer.surcharge}</p>
          ) : null}
          <p>
            {!answer.covered ? (
              <>
                <Link to="/quote">Tell us what you need</Link> and we will see what we can do, or
                call us on <a href={tel}>{phone}</a>.
              </>
            ) : fromCheckout ? (
              <Link to="/checkout">Back to your booking</Link>
            ) : (
              <>
                <Link to="/products">Choose what we take away</Link>, or{" "}
                <Link to="/quote">send us photos for a quote</Link>.
              </>
            )}
          </p>
        </div>
      ) : null}
      <Form method="get" className="coverage-form">
        {fromCheckout ? <input type="hidden" name="from" value="checkout" /> : null}
        <Field
          label="Your postcode"
          name="postcode"
          defaultValue={typed}
          key={typed}
          autoComplete="postal-code"
          autoCapitalize="characters"
          maxLength={MAX_POSTCODE_LENGTH}
          error={malformed}
          required
        />
        <button type="submit" className="button" disabled={navigation.state !== "idle"}>
          Check
        </button>
      </Form>
      {area ? (
        <p data-testid="coverage-area">
          We collect from these postcode areas and districts: {area}.
        </p>
      ) : null}
    </section>
  );
}

export const meta = titled("Do we cover your postcode?");
