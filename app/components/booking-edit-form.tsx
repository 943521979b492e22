import { Form } from "@remix-run/react";
import { ORDER_CONTACT_NAMES } from "~/lib/contact-details";
import { formatPence } from "~/lib/format";
import { ContactFields } from "./contact-fields";
import { Field } from "./field";
import { ArrivalWindowSelect, OverReasonField } from "./manual-booking-form";

type EditableField =
  "full_name" | "email" | "phone_number" | "address_1" | "town" | "postcode" | "date";

export interface BookingToEdit extends Record<EditableField, string> {
  orderId: number;
  status: string;
  booking_status: string;
  arrival_window: string;
  totalPence: number;
}

/**
 * Staff edit a booking: its two statuses, the customer's details, the date and the arrival window
 * (intent "update-booking"). A move past a day's capacity needs a reason.
 */
export function BookingEditForm({
  action,
  booking,
  methodLabel,
  values,
  errors,
  submitting,
}: {
  action: string;
  booking: BookingToEdit;
  /** how it is paid, as staff read it */
  methodLabel: string;
  /** what was typed, when the last save was refused */
  values?: Partial<Record<string, string>>;
  errors?: Partial<Record<string, string>>;
  submitting: boolean;
}) {
  return (
    <Form method="post" className="stack" action={action}>
      <input type="hidden" name="intent" value="update-booking" />
      <input type="hidden" name="orderId" value={booking.orderId} />
      <div className="field">
        <label htmlFor="booking_status">Booking status</label>
        <select
          id="booking_status"
          name="booking_status"
          defaultValue={values?.booking_status ?? booking.booking_status}
        >
          <option value="pending">Pending (in progress)</option>
          <option value="complete">Complete</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="status">Payment status</label>
        <select id="status" name="status" defaultValue={values?.status ?? booking.status}>
          <option value="pending">Pending</option>
          <option value="complete">Complete (paid)</option>
        </select>
      </div>
      <ContactFields
        names={ORDER_CONTACT_NAMES}
        values={{ ...booking, ...values }}
        errors={errors ?? {}}
      />
      <Field
        label="Date"
        name="date"
        type="date"
        required
        defaultValue={values?.date ?? booking.date}
        error={errors?.date}
      />
      <ArrivalWindowSelect
        value={values?.arrival_window ?? booking.arrival_window}
        error={errors?.arrival_window}
      />
      <OverReasonField value={values?.over_reason} error={errors?.over_reason} />
      <p className="field-hint">
        Price {formatPence(booking.totalPence)} · {methodLabel}
      </p>
      <button type="submit" className="button button-large" disabled={submitting}>
        {submitting ? "Submitting..." : "Save booking"}
      </button>
    </Form>
  );
}
