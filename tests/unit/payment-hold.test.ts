import { describe, expect, it } from "vitest";
import { holdEndsAt, holdLapsed, PAYMENT_WINDOW_MINUTES } from "~/lib/payment-hold";

describe("a checkout's hold and its payment end together", () => {
  const created = "2026-11-26T10:00:00.000Z";

  it("ends 31 minutes after the order was made (Stripe's 30-minute floor plus a minute)", () => {
    expect(PAYMENT_WINDOW_MINUTES).toBe(31);
    expect(holdEndsAt(created).toISOString()).toBe("2026-11-26T10:31:00.000Z");
  });

  it.each([
    ["just made", "2026-11-26T10:00:00.000Z", false],
    ["30 minutes on", "2026-11-26T10:30:00.000Z", false],
    ["a second before the end", "2026-11-26T10:30:59.000Z", false],
    ["at its end", "2026-11-26T10:31:00.000Z", true],
    ["an hour on", "2026-11-26T11:00:00.000Z", true],
    // across the clocks going back (Europe/London), still counted in real minutes
    ["31 minutes over a clock change", "2026-10-25T01:31:00.000Z", true],
  ])("%s: lapsed %s", (_, now, lapsed) => {
    const made = now.startsWith("2026-10-25") ? "2026-10-25T01:00:00.000Z" : created;
    expect(holdLapsed(made, new Date(now))).toBe(lapsed);
  });
});
