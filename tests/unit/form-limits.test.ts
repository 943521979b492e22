import { describe, expect, it } from "vitest";
import { z } from "zod";
import { CONTACT_INPUTS } from "~/components/contact-form";
import { hundredths, wholeNumber } from "~/lib/form-rules";
import { checkField, checkFields, formLimits, limitsOf, type FieldLimits } from "~/lib/forms";
import { contactSchema } from "~/models/messages/contact.server";

const whole = (min: number, max: number) =>
  wholeNumber(
    { min, max, digits: 5 },
    { missing: "missing", notWhole: "not whole", outOfRange: "out of range" },
  );
const yards = hundredths(
  { min: 50, max: 5000 },
  { missing: "missing", format: "format", tooLow: "too low", tooHigh: "too high" },
);

describe("limitsOf: the no-JavaScript limits a field's schema gives the page", () => {
  it.each<[string, z.ZodType, FieldLimits]>([
    ["a bounded string", z.string().trim().min(1).max(120), { maxLength: 120 }],
    ["a string without a bound", z.string().trim().min(1), {}],
    ["an email", z.email().trim().max(200), { maxLength: 200 }],
    ["a refined string keeps its bound", z.string().max(20).refine(Boolean), { maxLength: 20 }],
    [
      "a string cleaned, then bounded",
      z
        .string()
        .transform((s) => s.trim())
        .pipe(z.string().max(200)),
      { maxLength: 200 },
    ],
    ["an optional string", z.string().max(30).optional(), { maxLength: 30 }],
    ["a number", z.number().min(1).max(10), { min: 1, max: 10 }],
    ["a whole number", z.number().int().min(0).max(50), { min: 0, max: 50, step: 1 }],
    ["a number with one bound", z.number().max(9), { max: 9 }],
    ["a whole number typed in a form", whole(1, 1440), { min: 1, max: 1440, step: 1 }],
    ["a quantity scaled to hundredths says nothing", yards, {}],
    ["a plain transform says nothing", z.string().transform(Number), {}],
    ["an enum says nothing", z.enum(["a", "b"]), {}],
  ])("%s", (_, schema, limits) => {
    expect(limitsOf(schema)).toEqual(limits);
  });

  it("reads every field of a form", () => {
    const form = z.object({ name: z.string().max(100), vans: whole(0, 50), note: z.string() });
    expect(formLimits(form)).toEqual({
      name: { maxLength: 100 },
      vans: { min: 0, max: 50, step: 1 },
      note: {},
    });
  });

  it("the contact form's inputs carry the contact schema's limits", () => {
    for (const { name, ...input } of CONTACT_INPUTS)
      expect("maxLength" in input ? input.maxLength : undefined).toBe(
        name === "message" ? limitsOf(contactSchema.shape.message).maxLength : undefined,
      );
  });
});

describe("checking typed fields", () => {
  it.each<[string, unknown, ReturnType<typeof checkField>]>([
    ["7", "7", { ok: true, value: 7 }],
    [" 12 ", " 12 ", { ok: true, value: 12 }],
    ["empty", "", { ok: false, error: "missing" }],
    ["left out", undefined, { ok: false, error: "missing" }],
    ["not text", 7, { ok: false, error: "missing" }],
    ["a decimal", "1.5", { ok: false, error: "not whole" }],
    ["too many digits", "123456", { ok: false, error: "not whole" }],
    ["over", "51", { ok: false, error: "out of range" }],
  ])("a whole number 0–50: %s", (_, value, expected) => {
    expect(checkField(whole(0, 50), value)).toEqual(expected);
  });

  it.each<[string, ReturnType<typeof checkField>]>([
    ["10", { ok: true, value: 1000 }],
    ["0.5", { ok: true, value: 50 }],
    [".5", { ok: true, value: 50 }],
    ["5.", { ok: true, value: 500 }],
    ["", { ok: false, error: "missing" }],
    [".", { ok: false, error: "format" }],
    ["1.234", { ok: false, error: "format" }],
    ["0.49", { ok: false, error: "too low" }],
    ["50.01", { ok: false, error: "too high" }],
  ])("a load in hundredths %j", (value, expected) => {
    expect(checkField(yards, value)).toEqual(expected);
  });

  it("checks each field of a form on its own", () => {
    const form = z.object({ a: whole(0, 5), b: whole(0, 5) });
    expect(checkFields(form, { a: "3", b: "9" })).toEqual({
      values: { a: 3 },
      errors: { b: "out of range" },
    });
  });
});
