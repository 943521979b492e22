import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Field } from "~/components/field";
import { PAYMENT_METHOD_LABELS } from "~/lib/domain";
import { formatLongDate, formatPence } from "~/lib/format";
import { formValues } from "~/lib/forms";
import { KeptPhotos } from "~/components/kept-photos";
import { KEPT_FIELDS, keptPhotosNotice, type KeptPhoto } from "~/lib/kept-photos";
import { passActionHeaders } from "~/lib/headers";
import { requireId } from "~/lib/ids";
import {
  CONTAINMENTS,
  EXTRA_CATALOGUE_ROWS,
  EXTRA_FREE_ROWS,
  JOB_FIELDS,
  JOB_PHOTOS_PER_KIND,
} from "~/lib/job-completion";
import { EXTRAS_PAYMENT_CHOICES, extrasPaymentOf } from "~/lib/job-extras";
import { POSITION_LABELS, POSITIONS } from "~/lib/positions";
import {
  completeJob,
  jobPhotoReceiver,
  JOB_UPLOAD_LIMITS,
  NOT_A_BOOKING,
} from "~/models/job-day/job-completion.server";
import { completionDefaults, jobContext } from "~/models/job-day/job-context.server";
import { requireJobInCrewReach } from "~/models/job-day/crew-reach.server";
import { jobCrew } from "~/models/bookings/van-crews.server";
import { requireStaff } from "~/models/staff/staff-auth.server";
import { redirectWithFlash } from "~/services/flash.server";
import { receiveUpload } from "~/services/uploads.server";
import { AlertNotice } from "~/components/alert-notice";
import { titled } from "~/lib/page-title";
import { bookingReference } from "~/lib/references";

/**
 * /dashboard/orders/{id}/complete — the crew complete a job on a tablet:
 * before and after photos, what they took (prefilled from the booking), who
 * handed it over and when, and any payment taken. Completing makes the waste
 * transfer note and the receipt and emails them to the customer at once.
 */

export const headers = passActionHeaders;

interface Failure {
  message: string;
  errors: Record<string, string>;
  values: Record<string, string>;
  /** the photos kept for the form's next try */
  kept?: KeptPhoto[];
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  const orderId = requireId(params.id, "Order not found");
  await requireJobInCrewReach(staff, orderId);
  const context = await jobContext(orderId);
  if (!context) throw new Response("Order not found", { status: 404 });
  // Already done: its documents are on the order page.
  if (context.completion) throw redirect(`/dashboard/orders/${orderId}`, 303);
  if (!context.isBooking) throw new Response(NOT_A_BOOKING, { status: 409 });
  const crew = await jobCrew(orderId, { userId: staff.id, name: staff.name });
  const defaults = completionDefaults(context);
  // The van's registration, when it has one, is the note's unless the crew change it.
  if (crew.vanRegistration) defaults[JOB_FIELDS.vehicle] = crew.vanRegistration;
  return { context, defaults, crew: crew.name };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request);
  const orderId = requireId(params.id, "Order not found");
  await requireJobInCrewReach(staff, orderId);
  const upload = await receiveUpload(request, JOB_UPLOAD_LIMITS, jobPhotoReceiver);
  if (!upload.ok)
    return Response.json(
      {
        message: upload.message,
        errors: { after_photos: upload.message },
        values: {},
      } satisfies Failure,
      { status: upload.status },
    );
  const values = formValues(upload.fields);
  const sent = (name: string) =>
    upload.fields
      .getAll(name)
      .filter((v): v is string => typeof v === "string")
      .slice(0, 50);
  const crew = await jobCrew(orderId, { userId: staff.id, name: staff.name });
  const result = await completeJob(
    orderId,
    values,
    upload.files,
    { userId: staff.id, name: crew.name },
    new Date(),
    { keep: sent(KEPT_FIELDS.keep), remove: sent(KEPT_FIELDS.remove) },
  );
  if (!result.ok) {
    if (result.status === 409 || result.status === 404)
      return redirectWithFlash(`/dashboard/orders/${orderId}`, "order", result.message);
    return Response.json(
      {
        message: result.message,
        errors: result.errors,
        values,
        kept: result.kept,
      } satisfies Failure,
      { status: result.status },
    );
  }
  return redirectWithFlash(
    `/dashboard/orders/${orderId}`,
    "order",
    result.emailSent
      ? "Job complete. The waste transfer note and receipt were emailed to the customer."
      : "Job complete. The waste transfer note and receipt are on their way to the customer.",
  );
}

/** The form's two photo fields; a field's errors are under its name. */
const PHOTO_FIELDS = [
  { kind: "before", name: JOB_FIELDS.beforePhotos, label: "Before photos" },
  { kind: "after", name: JOB_FIELDS.afterPhotos, label: "After photos" },
] as const;

function PhotoField({
  name,
  label,
  error,
  kept,
  orderId,
}: {
  name: string;
  label: string;
  error?: string;
  /** this field's photos kept from the form's last try */
  kept: readonly KeptPhoto[];
  orderId: number;
}) {
  const id = `field-${name}`;
  return (
    <div className={`field${error ? " field-invalid" : ""}`}>
      <label htmlFor={id}>{label}</label>
      <p className="field-hint" id={`${id}-hint`}>
        Take or choose 1 to {JOB_PHOTOS_PER_KIND} photos (JPEG, PNG or WebP).
        {kept.length > 0 ? (
          <strong> {keptPhotosNotice(kept.length)} You can add more.</strong>
        ) : null}
      </p>
      <input
        // Kept photos are on the server: the picker starts empty so none is sent twice.
        key={kept.map((p) => p.id).join(",")}
        id={id}
        name={name}
        type="file"
        multiple
        required={kept.length === 0}
        accept="image/jpeg,image/png,image/webp"
        capture="environment"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
      />
      <p className="field-error" id={`${id}-error`} aria-live="polite">
        {error ?? ""}
      </p>
      <KeptPhotos
        photos={kept}
        label={`${label} kept from your last try`}
        src={(photoId) => `/dashboard/orders/${orderId}/complete/kept/${photoId}`}
      />
    </div>
  );
}

export default function CompleteJob() {
  const { context, defaults, crew } = useLoaderData<typeof loader>();
  const failed = useActionData<Failure>();
  const navigation = useNavigation();
  const values = failed ? failed.values : defaults;
  const errors = failed?.errors ?? {};
  const kept = failed?.kept ?? [];
  const submitting = navigation.state === "submitting";
  const quantityInput = (name: string, label: string, value: string | undefined, min = 0) => (
    <div className={`field job-quantity${errors[name] ? " field-invalid" : ""}`}>
      <label htmlFor={`field-${name}`}>{label}</label>
      <input
        id={`field-${name}`}
        name={name}
        type="number"
        inputMode="numeric"
        min={min}
        max={99}
        defaultValue={value ?? ""}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `field-${name}-error` : undefined}
      />
      <p className="field-error" id={`field-${name}-error`} aria-live="polite">
        {errors[name] ?? ""}
      </p>
    </div>
  );

  return (
    <article className="complete-job" aria-labelledby="complete-title">
      <p>
        <Link to={`/dashboard/today?day=${context.collectionDate}`}>← Run sheet</Link>
      </p>
      <h1 id="complete-title">
        Complete job {bookingReference(context.orderId)}: {context.fullName}
      </h1>
      <p className="complete-job-lead">
        {context.address1}, {context.town}, {context.postcode} ·{" "}
        {formatLongDate(context.collectionDate)}
        {context.businessName ? ` · ${context.businessName} (SIC ${context.sicCode})` : ""}
      </p>
      <AlertNotice message={failed?.message} focusOn={failed ?? null} />
      <Form method="post" encType="multipart/form-data" className="complete-job-form" noValidate>
        <section aria-labelledby="photos-title">
          <h2 id="photos-title">Photos</h2>
          {PHOTO_FIELDS.map(({ kind, name, label }) => (
            <PhotoField
              key={kind}
              name={name}
              label={label}
              error={errors[name]}
              kept={kept.filter((p) => p.field === kind)}
              orderId={context.orderId}
            />
          ))}
        </section>

        <section aria-labelledby="waste-title">
          <h2 id="waste-title">Waste collected</h2>
          <p className="field-hint">
            As booked: change a quantity if you took more or less (0 if not taken).
          </p>
          {context.booked.length === 0 ? (
            <p className="field-hint">
              Nothing was listed on this booking: add what you took below.
            </p>
          ) : (
            <ul className="job-lines">
              {context.booked.map((line) => (
                <li key={line.itemId} className="job-line" data-testid="job-booked-line">
                  <div className="job-line-name">
                    <strong>{line.name}</strong>
                    {line.position ? <span> · {POSITION_LABELS[line.position]}</span> : null}
                    {line.waste ? (
                      <span className="job-line-code">
                        {line.waste.lowCode} · {line.waste.wasteDescription}
                        {line.waste.hazardous ? " · Hazardous" : ""}
                        {line.waste.pops ? " · POPs" : ""}
                      </span>
                    ) : null}
                  </div>
                  {line.waste ? null : (
                    <Field
                      label="List of Wastes code"
                      name={JOB_FIELDS.bookedCode(line.itemId)}
                      defaultValue={values[JOB_FIELDS.bookedCode(line.itemId)] ?? ""}
                      error={errors[JOB_FIELDS.bookedCode(line.itemId)]}
                      placeholder="20 03 07"
                    />
                  )}
                  {quantityInput(
                    JOB_FIELDS.bookedQuantity(line.itemId),
                    "Quantity",
                    values[JOB_FIELDS.bookedQuantity(line.itemId)],
                  )}
                  <Field
                    label="Weight of one (kg)"
                    name={JOB_FIELDS.bookedWeight(line.itemId)}
                    inputMode="decimal"
                    hint="Our estimate, when we have one: correct it if it was heavier or lighter."
                    defaultValue={values[JOB_FIELDS.bookedWeight(line.itemId)] ?? ""}
                    error={errors[JOB_FIELDS.bookedWeight(line.itemId)]}
                  />
                </li>
              ))}
            </ul>
          )}
          <h3>Extra items from the list</h3>
          <p className="field-hint">
            Charged at the shop&apos;s price for where each was; the receipt lists them as added on
            the day.
          </p>
          <ul className="job-lines">
            {Array.from({ length: EXTRA_CATALOGUE_ROWS }, (_, row) => {
              const name = JOB_FIELDS.extraProduct(row);
              return (
                <li key={row} className="job-line">
                  <div className={`field job-line-name${errors[name] ? " field-invalid" : ""}`}>
                    <label htmlFor={`field-${name}`}>Extra item {row + 1}</label>
                    <select
                      id={`field-${name}`}
                      name={name}
                      defaultValue={values[name] ?? ""}
                      aria-invalid={errors[name] ? true : undefined}
                    >
                      <option value="">None</option>
                      {context.catalogue.map((item) => (
                        <option key={item.id} value={item.id}>
                          {item.name} ({item.waste.lowCode})
                        </option>
                      ))}
                    </select>
                    <p className="field-error" aria-live="polite">
                      {errors[name] ?? ""}
                    </p>
                  </div>
                  <div className="field">
                    <label htmlFor={`field-${JOB_FIELDS.extraPosition(row)}`}>Where it was</label>
                    <select
                      id={`field-${JOB_FIELDS.extraPosition(row)}`}
                      name={JOB_FIELDS.extraPosition(row)}
                      defaultValue={values[JOB_FIELDS.extraPosition(row)] ?? "outside"}
                    >
                      {POSITIONS.map((position) => (
                        <option key={position} value={position}>
                          {POSITION_LABELS[position]}
                        </option>
                      ))}
                    </select>
                    <p className="field-error" aria-live="polite">
                      {errors[JOB_FIELDS.extraPosition(row)] ?? ""}
                    </p>
                  </div>
                  {quantityInput(
                    JOB_FIELDS.extraQuantity(row),
                    "Quantity",
                    values[JOB_FIELDS.extraQuantity(row)] ?? "1",
                    1,
                  )}
                </li>
              );
            })}
          </ul>
          <h3>Anything else</h3>
          <ul className="job-lines">
            {Array.from({ length: EXTRA_FREE_ROWS }, (_, row) => (
              <li key={row} className="job-line job-line-free">
                <Field
                  label={`Other item ${row + 1}`}
                  name={JOB_FIELDS.freeName(row)}
                  defaultValue={values[JOB_FIELDS.freeName(row)] ?? ""}
                  error={errors[JOB_FIELDS.freeName(row)]}
                  placeholder="e.g. Rubble bags"
                />
                <Field
                  label="List of Wastes code"
                  name={JOB_FIELDS.freeCode(row)}
                  defaultValue={values[JOB_FIELDS.freeCode(row)] ?? ""}
                  error={errors[JOB_FIELDS.freeCode(row)]}
                  placeholder="17 01 07"
                />
                {quantityInput(
                  JOB_FIELDS.freeQuantity(row),
                  "Quantity",
                  values[JOB_FIELDS.freeQuantity(row)] ?? "1",
                  1,
                )}
                <Field
                  label="Price agreed, each (£)"
                  name={JOB_FIELDS.freePrice(row)}
                  inputMode="decimal"
                  hint="Empty: not charged."
                  defaultValue={values[JOB_FIELDS.freePrice(row)] ?? ""}
                  error={errors[JOB_FIELDS.freePrice(row)]}
                />
                <Field
                  label="Weight of one (kg)"
                  name={JOB_FIELDS.freeWeight(row)}
                  inputMode="decimal"
                  hint="An estimate; empty if you cannot say."
                  defaultValue={values[JOB_FIELDS.freeWeight(row)] ?? ""}
                  error={errors[JOB_FIELDS.freeWeight(row)]}
                />
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="transfer-title">
          <h2 id="transfer-title">The transfer</h2>
          <fieldset className={`field${errors.containment ? " field-invalid" : ""}`}>
            <legend>How the waste was contained</legend>
            {CONTAINMENTS.map((containment) => (
              <label key={containment} className="radio-line">
                <input
                  type="radio"
                  name={JOB_FIELDS.containment}
                  value={containment}
                  defaultChecked={values[JOB_FIELDS.containment] === containment}
                />
                {containment}
              </label>
            ))}
            <p className="field-error" aria-live="polite">
              {errors.containment ?? ""}
            </p>
          </fieldset>
          <Field
            label="Handed over by"
            name={JOB_FIELDS.handedOverBy}
            hint="The name of the person who gave us the waste: it goes on the waste transfer note as their signature."
            defaultValue={values[JOB_FIELDS.handedOverBy] ?? ""}
            error={errors[JOB_FIELDS.handedOverBy]}
            autoComplete="off"
            required
          />
          <Field
            label="Time of transfer"
            name={JOB_FIELDS.transferredAt}
            type="datetime-local"
            defaultValue={values[JOB_FIELDS.transferredAt] ?? ""}
            error={errors[JOB_FIELDS.transferredAt]}
            required
          />
          <p className="complete-job-crew">
            Collected by <strong>{crew}</strong> (signed in).
          </p>
          <Field
            label="Van registration"
            name={JOB_FIELDS.vehicle}
            hint="Printed on the waste transfer note."
            autoComplete="off"
            maxLength={12}
            defaultValue={values[JOB_FIELDS.vehicle] ?? ""}
            error={errors[JOB_FIELDS.vehicle]}
          />
          <fieldset className="field complete-job-payment">
            <legend>Payment for anything added on the day</legend>
            {EXTRAS_PAYMENT_CHOICES.map((choice) => (
              <label key={choice.value} className="radio-line">
                <input
                  type="radio"
                  name={JOB_FIELDS.extrasPayment}
                  value={choice.value}
                  defaultChecked={
                    extrasPaymentOf(values[JOB_FIELDS.extrasPayment]) === choice.value
                  }
                />
                {choice.label}
              </label>
            ))}
          </fieldset>
          {context.canCollectPayment ? (
            <label className="radio-line complete-job-payment">
              <input
                type="checkbox"
                name={JOB_FIELDS.paymentCollected}
                value="yes"
                defaultChecked={values[JOB_FIELDS.paymentCollected] === "yes"}
              />
              {formatPence(context.totalPence)} taken by{" "}
              {PAYMENT_METHOD_LABELS[context.paymentMethod].toLowerCase()} on the spot
            </label>
          ) : null}
        </section>
        <button type="submit" className="button complete-job-submit" disabled={submitting}>
          {submitting ? "Completing…" : "Complete job and send documents"}
        </button>
      </Form>
    </article>
  );
}

export const meta = titled("Complete job", "dashboard");

export { ErrorBoundary } from "~/components/error-boundary";
