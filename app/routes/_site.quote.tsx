import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { ContactFields } from "~/components/contact-fields";
import { Field } from "~/components/field";
import { FlashNotice } from "~/components/flash-notice";
import { QUOTE_CONTACT_NAMES } from "~/lib/contact-details";
import { sharedPageHeaders } from "~/lib/headers";
import { PhotoInput } from "~/components/photo-input";
import { formValues } from "~/lib/forms";
import { KEPT_FIELDS, type KeptPhoto } from "~/lib/kept-photos";
import { QUOTE_ERROR_MESSAGE } from "~/lib/messages";
import {
  QUOTE_UPLOAD_LIMITS,
  quotePhotoReceiver,
  quoteRateLimitMessage,
  quoteSchema,
  quoteSuccessMessage,
  reserveQuoteAttempt,
  submitQuote,
  type QuoteField,
} from "~/models/quotes/quote.server";
import { readFlash, redirectWithFlash } from "~/services/flash.server";
import { receiveUpload } from "~/services/uploads.server";
import { routeStylesheets } from "~/lib/stylesheets";
import quoteStyles from "~/styles/quote.css";
import { AlertNotice } from "~/components/alert-notice";
import { businessProfile } from "~/models/shop/business-profile.server";
import { titleFor } from "~/lib/page-title";

const styles = routeStylesheets(quoteStyles);
export const links = styles.links;
export const handle = styles.handle;

interface QuoteFailure {
  message: string;
  errors: Partial<Record<QuoteField, string>>;
  values: Record<string, string>;
  /** the photos kept for the form's next try, with the form's token */
  kept?: { formToken: string; photos: KeptPhoto[] };
}

export const headers = sharedPageHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const flash = await readFlash(request, "quote");
  return data({ success: flash.flash, phone: businessProfile().phone }, { headers: flash.headers });
}

/** What is handed back to the form after a refusal: its own fields only, none longer than it allows. */
function typedValues(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.keys(quoteSchema.shape).map((key) => [key, (values[key] ?? "").slice(0, 5000)]),
  );
}

/** The kept photos' ids a form sent under `name`. */
function keptIds(fields: FormData, name: string): string[] {
  return fields
    .getAll(name)
    .filter((v): v is string => typeof v === "string")
    .slice(0, 50);
}

function failure(status: number, body: QuoteFailure, headers?: HeadersInit) {
  return Response.json(body, { status, headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  // Every submission counts, before its body is read or any photo looked at.
  const limit = await reserveQuoteAttempt(context.clientIp);
  if (!limit.allowed) {
    return failure(
      429,
      { message: quoteRateLimitMessage(limit.retryAfterSeconds), errors: {}, values: {} },
      // The body is left unread; the server drops it after this answer.
      { "Retry-After": String(limit.retryAfterSeconds) },
    );
  }
  const upload = await receiveUpload(request, QUOTE_UPLOAD_LIMITS, quotePhotoReceiver());
  if (!upload.ok)
    return failure(upload.status, {
      message: upload.message,
      errors: { images: upload.message },
      values: {},
    });
  const values = formValues(upload.fields);
  // The honeypot: people never fill it; bots do. They get what looks like success.
  if (values.website)
    return redirectWithFlash(
      "/quote",
      "quote",
      quoteSuccessMessage({ confirmation: false, notification: false }),
    );
  const result = await submitQuote(values, upload.files, {
    formToken: values[KEPT_FIELDS.formToken],
    keep: keptIds(upload.fields, KEPT_FIELDS.keep),
    remove: keptIds(upload.fields, KEPT_FIELDS.remove),
  });
  if (!result.ok)
    return failure(result.status, {
      message: result.message,
      errors: result.errors,
      values: typedValues(values),
      kept: result.kept,
    });
  return redirectWithFlash("/quote", "quote", quoteSuccessMessage(result.emailStatus));
}

export default function Quote() {
  const { success, phone } = useLoaderData<typeof loader>();
  const failed = useActionData<QuoteFailure>();
  const navigation = useNavigation();
  const location = useLocation();
  const submitting =
    navigation.state === "submitting" && navigation.formAction?.startsWith("/quote");
  const v = failed?.values ?? {};
  const e = failed?.errors ?? {};
  return (
    <div className="container quote-page">
      <div className="quote-intro">
        <p className="eyebrow">Free, no-obligation quote</p>
        <h1>Request a quote</h1>
        <p className="section-lead">
          Send us a few photos of what needs to go and where it is. We reply with a fixed price,
          usually within a few working hours. Prefer to talk? Call {phone}.
        </p>
      </div>
      <FlashNotice flash={success} testId="quote-success" />
      <AlertNotice
        message={failed ? failed.message || QUOTE_ERROR_MESSAGE : null}
        focusOn={failed ?? null}
      />
      {/* A new key after each successful submit clears the form. */}
      <Form
        key={success ? location.key : "form"}
        method="post"
        encType="multipart/form-data"
        className="quote-form"
        noValidate={false}
      >
        <div className="quote-grid">
          <ContactFields names={QUOTE_CONTACT_NAMES} values={v} errors={e} autoComplete />
        </div>
        <Field
          label="What needs removing?"
          name="comments"
          multiline
          required
          maxLength={5000}
          hint="For example: a corner sofa and two armchairs on the first floor, narrow stairs."
          defaultValue={v.comments}
          error={e.comments}
        />
        <PhotoInput
          error={e.images}
          hint="Upload supported files (Max 15MB each): JPEG, PNG or WebP photos."
          kept={failed?.kept}
        />
        <div className="honeypot" aria-hidden="true">
          <label>
            Leave this empty
            <input name="website" tabIndex={-1} autoComplete="off" />
          </label>
        </div>
        <button type="submit" className="button button-large" disabled={submitting}>
          {submitting ? "Submitting..." : "Send my quote request"}
        </button>
        <p className="field-hint">
          We use your details only to reply to this request. Your photos are seen by our staff and
          nobody else.
        </p>
      </Form>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  { title: titleFor(matches, "Request a quote") },
  {
    name: "description",
    content: "Send photos of your rubbish or furniture and get a fixed price for collection.",
  },
];

export { ErrorBoundary } from "~/components/error-boundary";
