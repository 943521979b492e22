import { describe, expect, it } from "vitest";
import { checkContentItem, checkHeroWords } from "~/lib/site-content-rules.server";
import { CONTENT_MESSAGES as M, isContentKind, normaliseHashtag } from "~/lib/site-content";

describe("checkContentItem", () => {
  it("keeps a figure tidied, with no place, service or stars", () => {
    expect(checkContentItem("claim", { title: " 2,000+ ", body: "  happy   customers " })).toEqual({
      ok: true,
      fields: {
        title: "2,000+",
        body: "happy customers",
        place: "",
        service: "",
        rating: null,
        icon: "",
      },
    });
  });

  it("keeps a review with its stars as a number, its words' line breaks kept", () => {
    expect(
      checkContentItem("testimonial", {
        title: "Sam P.",
        body: " Quick and tidy.\nWould book again. ",
        place: " Leeds ",
        service: "",
        rating: "4",
      }),
    ).toEqual({
      ok: true,
      fields: {
        title: "Sam P.",
        body: "Quick and tidy.\nWould book again.",
        place: "Leeds",
        service: "",
        rating: 4,
        icon: "",
      },
    });
  });

  it("keeps a reason with its icon, a step and a question, their line breaks kept", () => {
    expect(
      checkContentItem("reason", {
        title: " Same-day  collection ",
        body: "Book by 10:00.\r\nWe come that day. ",
        icon: "clock",
      }),
    ).toEqual({
      ok: true,
      fields: {
        title: "Same-day collection",
        body: "Book by 10:00.\nWe come that day.",
        place: "",
        service: "",
        rating: null,
        icon: "clock",
      },
    });
    expect(checkContentItem("step", { title: "Pick a date", body: "Any day." })).toMatchObject({
      ok: true,
      fields: { title: "Pick a date", body: "Any day.", icon: "", rating: null },
    });
    expect(
      checkContentItem("faq", { title: "Do you take paint?", body: "Yes, sealed tins." }),
    ).toMatchObject({ ok: true, fields: { title: "Do you take paint?", icon: "" } });
  });

  it.each([
    ["claim", { title: "", body: "reviews" }, "title", M.figure],
    ["claim", { title: "x".repeat(21), body: "reviews" }, "title", M.figure],
    ["claim", { title: "500", body: " " }, "body", M.counts],
    ["claim", { title: "500", body: "x".repeat(41) }, "body", M.counts],
    ["testimonial", { title: "", body: "Good", rating: "5" }, "title", M.name],
    ["testimonial", { title: "Sam", body: "", rating: "5" }, "body", M.words],
    ["testimonial", { title: "Sam", body: "x".repeat(1001), rating: "5" }, "body", M.words],
    ["testimonial", { title: "Sam", body: "Good", rating: "" }, "rating", M.rating],
    ["testimonial", { title: "Sam", body: "Good", rating: "0" }, "rating", M.rating],
    ["testimonial", { title: "Sam", body: "Good", rating: "6" }, "rating", M.rating],
    ["testimonial", { title: "Sam", body: "Good", rating: "4.5" }, "rating", M.rating],
    [
      "testimonial",
      { title: "Sam", body: "Good", rating: "5", place: "x".repeat(81) },
      "place",
      M.place,
    ],
    [
      "testimonial",
      { title: "Sam", body: "Good", rating: "5", service: "x".repeat(81) },
      "service",
      M.service,
    ],
    ["reason", { title: "", body: "Why", icon: "clock" }, "title", M.reasonTitle],
    ["reason", { title: "x".repeat(61), body: "Why", icon: "clock" }, "title", M.reasonTitle],
    ["reason", { title: "Fast", body: "x".repeat(601), icon: "clock" }, "body", M.reasonBody],
    ["reason", { title: "Fast", body: "Why", icon: "" }, "icon", M.icon],
    ["reason", { title: "Fast", body: "Why", icon: "toString" }, "icon", M.icon],
    ["reason", { title: "Fast", body: "Why", icon: "rocket" }, "icon", M.icon],
    ["service", { title: "", body: "", icon: "garden-waste-removal" }, "title", M.serviceTitle],
    [
      "service",
      { title: "x".repeat(41), body: "", icon: "garden-waste-removal" },
      "title",
      M.serviceTitle,
    ],
    [
      "service",
      { title: "Garden", body: "x".repeat(161), icon: "garden-waste-removal" },
      "body",
      M.caption,
    ],
    ["service", { title: "Garden", body: "", icon: "clock" }, "icon", M.drawing],
    ["service", { title: "Garden", body: "", icon: "../../etc" }, "icon", M.drawing],
    ["step", { title: "", body: "What" }, "title", M.stepTitle],
    ["step", { title: "Pay", body: "x".repeat(401) }, "body", M.stepBody],
    ["faq", { title: "x".repeat(81), body: "Yes." }, "title", M.question],
    ["faq", { title: "Paint?", body: " \n " }, "body", M.answer],
    ["faq", { title: "Paint?", body: "x".repeat(1001) }, "body", M.answer],
  ] as const)("refuses a %s %j: %s", (kind, values, field, message) => {
    const checked = checkContentItem(kind, values);
    expect(!checked.ok && checked.errors[field]).toBe(message);
  });
});

describe("a service and the home page's headline", () => {
  it("keeps a service with its drawing and no caption", () => {
    expect(
      checkContentItem("service", {
        title: " Garden  clearance ",
        body: " ",
        icon: "garden-waste-removal",
      }),
    ).toEqual({
      ok: true,
      fields: {
        title: "Garden clearance",
        body: "",
        place: "",
        service: "",
        rating: null,
        icon: "garden-waste-removal",
      },
    });
  });

  it.each([
    [
      { headline: " Clear  in a day ", lead: "Booked online." },
      { ok: true, words: { headline: "Clear in a day", lead: "Booked online." } },
    ],
    [
      { headline: "", lead: "Booked online." },
      { ok: false, errors: { headline: M.headline } },
    ],
    [
      { headline: "x".repeat(81), lead: "x".repeat(301) },
      { ok: false, errors: { headline: M.headline, lead: M.lead } },
    ],
  ])("the headline %j", (values, expected) => {
    expect(checkHeroWords(values)).toEqual(expected);
  });
});

describe("normaliseHashtag", () => {
  it.each([
    ["#AcmeClears", "#AcmeClears"],
    ["AcmeClears", "#AcmeClears"],
    ["  #Clear_Out_2026 ", "#Clear_Out_2026"],
    ["#DéménagementRapide", "#DéménagementRapide"],
    ["", ""],
    ["   ", ""],
    ["#two words", null],
    ["#", null],
    ["#a-b", null],
    [`#${"x".repeat(41)}`, null],
  ])("%j → %j", (typed, expected) => {
    expect(normaliseHashtag(typed)).toBe(expected);
  });
});

it("knows its kinds", () => {
  expect(
    ["claim", "testimonial", "reason", "service", "step", "faq", "blog", "toString", undefined].map(
      isContentKind,
    ),
  ).toEqual([true, true, true, true, true, true, false, false, false]);
});
