import { describe, expect, it } from "vitest";
import { RARE, dayOffset, seedOrders } from "../support/orders-scale";
import { makeDataDir, startServer } from "../support/server";
import { signInStaff } from "../support/staff";

const ORDERS = 50_000;
function stats(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, worst: sorted.at(-1)! };
}

describe(`orders search and calendars with ${ORDERS.toLocaleString("en-GB")} orders`, () => {
  it("finds by email and by product name, and draws the calendars by load, well within a second", async () => {
    const dataDir = makeDataDir(true);
    const seedStarted = performance.now();
    await seedOrders(dataDir, ORDERS);
    console.log(
      `[perf] seeded ${ORDERS} orders in ${(performance.now() - seedStarted).toFixed(0)} ms`,
    );

    const server = await startServer({ dataDir });
    try {
      const { cookie } = await signInStaff(server);

      async function time(url: string, check: (body: string) => void) {
        const times: number[] = [];
        for (let i = 0; i < 11; i++) {
          const started = performance.now();
          const res = await fetch(`${server.url}${url}`, { headers: { cookie } });
          const body = await res.text();
          times.push(performance.now() - started);
          expect(res.status).toBe(200);
          if (i === 0) check(body);
        }
        return stats(times);
      }

      const byEmail = await time("/dashboard/orders?email=customer31337%40example.com", (html) => {
        const text = html.replaceAll("<!-- -->", "");
        expect(text).toContain("1 order<");
        expect(text).toContain("Customer 31337");
      });
      const byPartialEmail = await time("/dashboard/orders?email=customer3133", (html) => {
        // customer3133, customer31330–31339
        expect(html.replaceAll("<!-- -->", "")).toContain("11 orders<");
      });
      const byProduct = await time(
        `/api/orders?product_name=${encodeURIComponent("piano")}&limit=100`,
        (json) => {
          const orders = JSON.parse(json) as { products: { product_name: string }[] }[];
          expect(orders).toHaveLength(ORDERS / 500);
          for (const o of orders) expect(o.products.map((p) => p.product_name)).toContain(RARE);
        },
      );
      const byCommonProduct = await time(
        `/dashboard/orders?product_name=${encodeURIComponent("sofa")}`,
        (html) => expect(html.replaceAll("<!-- -->", "")).toMatch(/[1-9][\d,]* orders</),
      );

      // The staff calendar's fill bars and the checkout's calendar ask the capacity rule for every
      // day of the month shown, summing each order's lines (about 550 orders a day here).
      const month = dayOffset(0).slice(0, 7);
      const staffCalendar = await time(`/dashboard/home?month=${month}`, (html) =>
        expect(html).toMatch(/calendar-fill/),
      );
      const bag = await fetch(`${server.url}/bag`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "add", id: "1", position: "outside", quantity: "1" }),
      });
      const cart = /cart=[^;]*/.exec(bag.headers.get("set-cookie") ?? "")![0];
      const checkoutTimes: number[] = [];
      for (let i = 0; i < 11; i++) {
        const started = performance.now();
        const res = await fetch(`${server.url}/checkout?month=${month}`, {
          headers: { cookie: cart },
        });
        const body = await res.text();
        checkoutTimes.push(performance.now() - started);
        expect(res.status).toBe(200);
        // Every day of the seeded month is past its most collections: none can be picked.
        if (i === 0) expect(body).toContain("calendar-day-full");
      }
      const checkoutCalendar = stats(checkoutTimes);

      const line = (label: string, s: { median: number; worst: number }) =>
        console.log(
          `[perf] ${label}: median ${s.median.toFixed(1)} ms, worst ${s.worst.toFixed(1)} ms (11 requests)`,
        );
      line(`/dashboard/orders?email=<full address>, ${ORDERS} orders`, byEmail);
      line(`/dashboard/orders?email=<part of an address>, ${ORDERS} orders`, byPartialEmail);
      line(`/api/orders?product_name=piano (100 matches), ${ORDERS} orders`, byProduct);
      line(
        `/dashboard/orders?product_name=sofa (~20,000 matches), ${ORDERS} orders`,
        byCommonProduct,
      );

      line(`/dashboard/home?month (fill bars by load), ${ORDERS} orders`, staffCalendar);
      line(`/checkout?month (the calendar for a bag), ${ORDERS} orders`, checkoutCalendar);

      for (const s of [
        byEmail,
        byPartialEmail,
        byProduct,
        byCommonProduct,
        staffCalendar,
        checkoutCalendar,
      ]) {
        expect(s.median).toBeLessThan(1000);
      }
    } finally {
      await server.stop();
    }
  }, 120_000);
});
