import { describe, expect, it } from "vitest";
import { paymentMethodLabel } from "~/lib/domain";
import {
  formatDateTime,
  formatDay,
  formatLongDateTime,
  formatPence,
  formatShortDate,
  penceToPounds,
  poundsToPence,
} from "~/lib/format";
import { londonTime, todayInLondon } from "~/lib/london-clock.server";
import { parseId, requireId } from "~/lib/ids";
import { resolveCategory } from "~/lib/categories";
import { totalQuantity } from "~/lib/cart";
import { parseCart } from "~/services/cart-cookie.server";

describe("money", () => {
  it("formats pence as pounds the UK way", () => {
    expect(formatPence(4550)).toBe("£45.50");
    expect(formatPence(123456)).toBe("£1,234.56");
    expect(formatPence(0)).toBe("£0.00");
  });
  it("converts at the /api edge without float drift", () => {
    expect(penceToPounds(4550)).toBe(45.5);
    expect(poundsToPence(19.99)).toBe(1999);
    expect(poundsToPence(0.1 + 0.2)).toBe(30);
  });
});

describe("dates", () => {
  it("takes today in Europe/London, not UTC", () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in British Summer Time.
    expect(todayInLondon(new Date("2026-06-30T23:30:00Z"))).toBe("2026-07-01");
    // In winter London is on UTC.
    expect(todayInLondon(new Date("2026-12-31T23:30:00Z"))).toBe("2026-12-31");
  });
  it("writes blog dates like 07-Feb-2024", () => {
    expect(formatShortDate("2024-02-07")).toBe("07-Feb-2024");
  });
});

describe("categories", () => {
  it("maps the tile titles to filters", () => {
    expect(resolveCategory("All Services")).toBeNull();
    expect(resolveCategory("")).toBeNull();
    expect(resolveCategory("Garden Removal")).toBe("Garden Waste Removal");
    expect(resolveCategory("fridge removal")).toBe("Fridge Removal");
    expect(resolveCategory("Boats")).toBeUndefined();
  });
});

describe("bag cookie", () => {
  it("keeps valid lines and turns anything else into an empty bag", () => {
    const good = [{ id: 3, position: "outside", quantity: 2 }];
    expect(parseCart(good)).toEqual(good);
    expect(totalQuantity(parseCart(good))).toBe(2);
    expect(parseCart("nonsense")).toEqual([]);
    expect(parseCart([{ id: 3, position: "roof", quantity: 2 }])).toEqual([]);
    expect(parseCart([{ id: 3, position: "outside", quantity: 500 }])).toEqual([]);
    expect(parseCart(null)).toEqual([]);
  });
});

describe("long dates", () => {
  it("names the weekday the UK way", async () => {
    const { formatLongDate } = await import("~/lib/format");
    expect(formatLongDate("2024-02-07")).toBe("Wednesday 7 February 2024");
    expect(formatLongDate("2026-03-29")).toBe("Sunday 29 March 2026");
  });
});

describe("UK clock and timestamps", () => {
  it("reads the wall clock in London, summer and winter", () => {
    expect(londonTime(new Date("2026-06-30T11:59:00Z"))).toBe("12:59");
    expect(londonTime(new Date("2026-12-01T11:59:00Z"))).toBe("11:59");
    // The spring-forward hour: 01:00 UTC on 29 March 2026 is 02:00 BST.
    expect(londonTime(new Date("2026-03-29T00:59:00Z"))).toBe("00:59");
    expect(londonTime(new Date("2026-03-29T01:00:00Z"))).toBe("02:00");
  });
  it("formats timestamps as UK days and times", () => {
    expect(formatDay("2026-06-30T23:30:00Z")).toBe("1 Jul 2026");
    expect(formatDateTime("2026-11-23T14:05:00Z")).toBe("23 Nov 2026, 14:05");
    expect(formatLongDateTime("2026-11-23T14:05:00Z")).toBe("Monday, 23 November 2026 at 14:05");
  });
});

describe("ids in URLs", () => {
  it.each([
    ["1", 1],
    ["42", 42],
    ["007", 7],
    ["999999999999", 999999999999],
  ])("%s is the record %d", (param, id) => {
    expect(parseId(param)).toBe(id);
  });
  it.each([undefined, "", "0", "000", "-1", "1.5", "1e3", " 1", "12abc", "0x10", "1234567890123"])(
    "%j is no record",
    (param) => {
      expect(parseId(param)).toBeUndefined();
    },
  );
  it("answers 404 for anything else", () => {
    expect(requireId("12", "Order not found")).toBe(12);
    try {
      requireId("abc", "Order not found");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(Response);
      expect((error as Response).status).toBe(404);
    }
  });
});

describe("payment methods", () => {
  it("names every method once, and shows an unknown one as it is", () => {
    expect(paymentMethodLabel("cash_payment")).toBe("Cash");
    expect(paymentMethodLabel("bank_transfer")).toBe("Bank transfer");
    expect(paymentMethodLabel("card")).toBe("Card");
    expect(paymentMethodLabel("cheque")).toBe("cheque");
  });
});
