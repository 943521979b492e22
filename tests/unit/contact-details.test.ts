import { describe, expect, it } from "vitest";
import {
  ORDER_CONTACT_NAMES,
  QUOTE_CONTACT_NAMES,
  ukPhoneDigits,
  ukPostcode,
} from "~/lib/contact-details";
import { fieldErrors } from "~/lib/forms";
import { checkoutSchema } from "~/models/checkout/checkout.server";
import { contactDetailsSchema } from "~/models/messages/contact-details.server";
import { quoteSchema } from "~/models/quotes/quote.server";
import { bookingUpdateSchema } from "~/models/bookings/booking-edit.server";
import { manualBookingSchema } from "~/models/bookings/staff-booking.server";

/** docs/rules.md#contact-details: one set of rules, whatever the form calls its fields. */

const GOOD = {
  name: "Priya Raman",
  email: "priya@example.com",
  phone: "07700 900123",
  address: "22 Elm Grove",
  town: "Guildford",
  postcode: "GU1 3AB",
};

const ORDER_VALUES = Object.fromEntries(
  Object.entries(GOOD).map(([key, value]) => [
    ORDER_CONTACT_NAMES[key as keyof typeof GOOD],
    value,
  ]),
);

const customer = contactDetailsSchema(ORDER_CONTACT_NAMES);
const staff = contactDetailsSchema(ORDER_CONTACT_NAMES, "staff");

/** The first message for `detail` when it alone is `value`, or null when it passes. */
function check(detail: keyof typeof GOOD, value: unknown, schema = customer) {
  const parsed = schema.safeParse({ ...ORDER_VALUES, [ORDER_CONTACT_NAMES[detail]]: value });
  if (parsed.success) return null;
  const errors = fieldErrors(parsed.error);
  expect(Object.keys(errors)).toEqual([ORDER_CONTACT_NAMES[detail]]);
  return errors[ORDER_CONTACT_NAMES[detail]];
}

const HIDDEN = (what: string) =>
  `Please retype ${what}: it contains a hidden control character or line break.`;
const PHONE = "Please enter a UK phone number we can call, such as 07700 900123";
const POSTCODE = "Please enter a UK postcode";

describe("the contact details' rules", () => {
  it.each([
    // name
    ["name", "  Priya Raman ", null],
    ["name", "Siân O'Brien-Ng", null],
    ["name", "", "Please enter your full name"],
    ["name", "   ", "Please enter your full name"],
    ["name", 42, "Please enter your full name"],
    ["name", undefined, "Please enter your full name"],
    ["name", "x".repeat(120), null],
    ["name", "x".repeat(121), "Please shorten your name"],
    ["name", "Mar\u0000garet", HIDDEN("your name")],
    ["name", "Priya\nBcc: x@example.com", HIDDEN("your name")],
    ["name", "Priya\u202eRaman", HIDDEN("your name")],
    // email
    ["email", " priya@example.com ", null],
    ["email", "not-an-email", "Please enter a valid email address"],
    ["email", "", "Please enter a valid email address"],
    ["email", `${"a".repeat(190)}@example.com`, "Please enter a valid email address"],
    ["email", ["priya@example.com"], "Please enter a valid email address"],
    // phone
    ["phone", "07700 900123", null],
    ["phone", "07700900123", null],
    ["phone", "+44 7700 900123", null],
    ["phone", "+44 (0)7700 900123", null],
    ["phone", "0044 7700 900123", null],
    ["phone", "01483 123-456", null],
    ["phone", "(01483) 123456", null],
    ["phone", "020 7946 0018", null],
    ["phone", "", "Please enter your phone number"],
    ["phone", "0770", PHONE],
    ["phone", "12345678901", PHONE],
    ["phone", "07700 900123 ext 4", PHONE],
    ["phone", "077009001234567", PHONE],
    ["phone", "+1 415 555 0100", PHONE],
    ["phone", "07700+900123", PHONE],
    ["phone", "0".repeat(41), PHONE],
    ["phone", "07700\t900123", HIDDEN("your phone number")],
    // address line and town
    ["address", "Flat 2, 14 Orchard Road", null],
    ["address", "", "Please enter the first line of your address"],
    ["address", "x".repeat(201), "Please shorten the first line of your address"],
    ["address", "14 Orchard\nBcc: x@example.com", HIDDEN("your address")],
    ["town", "Stratford-upon-Avon", null],
    ["town", "", "Please enter your town or city"],
    ["town", 7, "Please enter your town or city"],
    ["town", "x".repeat(101), "Please shorten your town or city"],
    // postcode
    ["postcode", "GU1 3AB", null],
    ["postcode", "gu1 3ab", null],
    ["postcode", "SW1A 1AA", null],
    ["postcode", "sw1a1aa", null],
    ["postcode", "  M1   3HT ", null],
    ["postcode", "EC1A 1BB", null],
    ["postcode", "W1A 0AX", null],
    ["postcode", "GIR 0AA", null],
    ["postcode", "", "Please enter your postcode"],
    ["postcode", "not a postcode", POSTCODE],
    ["postcode", "GU1", POSTCODE],
    ["postcode", "12345", POSTCODE],
    ["postcode", "GU1 3AB 4", POSTCODE],
    ["postcode", "X".repeat(17), POSTCODE],
    ["postcode", "RG1\u001b4QX", HIDDEN("your postcode")],
  ] as const)("%s %j → %s", (detail, value, message) => {
    expect(check(detail, value)).toBe(message);
  });

  it("normalises the postcode to upper case with one space, and keeps the phone number as typed", () => {
    for (const [typed, stored] of [
      ["gu1 3ab", "GU1 3AB"],
      ["sw1a1aa", "SW1A 1AA"],
      ["  m1   3ht ", "M1 3HT"],
      ["ec1a 1bb", "EC1A 1BB"],
    ] as const) {
      expect(ukPostcode(typed), typed).toBe(stored);
      const parsed = customer.parse({ ...ORDER_VALUES, postcode: typed });
      expect(parsed.postcode).toBe(stored);
    }
    const parsed = customer.parse({ ...ORDER_VALUES, phone_number: " +44 (0)7700 900123 " });
    expect(parsed.phone_number).toBe("+44 (0)7700 900123");
    expect(ukPhoneDigits("+44 (0)7700 900123")).toBe("07700900123");
  });

  it("speaks to staff about the customer, by the same rules", () => {
    expect(check("name", "", staff)).toBe("Please enter the customer's name");
    expect(check("town", "", staff)).toBe("Please enter the town or city");
    expect(check("postcode", "", staff)).toBe("Please enter the postcode");
    expect(check("postcode", "not a postcode", staff)).toBe(POSTCODE);
    expect(check("phone", "0770", staff)).toBe(PHONE);
    expect(check("postcode", "gu1 3ab", staff)).toBeNull();
  });
});

describe("each form takes the contact details with its own names", () => {
  it("the checkout and the staff forms: the orders' names", () => {
    for (const schema of [checkoutSchema, manualBookingSchema, bookingUpdateSchema])
      for (const name of Object.values(ORDER_CONTACT_NAMES))
        expect(schema.shape).toHaveProperty(name);
    expect(checkoutSchema.parse({ ...ORDER_VALUES, postcode: "gu13ab" }).postcode).toBe("GU1 3AB");
  });

  it("the quote request: the spec's names (fullName, phoneNumber, address1)", () => {
    expect(Object.keys(quoteSchema.shape)).toEqual([
      ...Object.values(QUOTE_CONTACT_NAMES),
      "comments",
    ]);
    const parsed = quoteSchema.parse({
      fullName: "Priya Raman",
      email: "priya@example.com",
      phoneNumber: "07700 900123",
      address1: "22 Elm Grove",
      town: "Guildford",
      postcode: "gu1 3ab",
      comments: "A sofa",
    });
    expect(parsed.postcode).toBe("GU1 3AB");
    const refused = quoteSchema.safeParse({ ...parsed, phoneNumber: "call me" });
    expect(refused.success).toBe(false);
    expect(fieldErrors(refused.error!)).toEqual({ phoneNumber: PHONE });
  });
});
