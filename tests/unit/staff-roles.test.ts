import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { canReach, crewReachesDay, reachOf, STAFF_ROLES, type StaffRole } from "~/lib/staff-roles";

/**
 * Each role's reach over every staff page and /api row (issue 34; docs/rules.md#staff-roles), as
 * a table a person can check: the owner everything; the office all but staff accounts and
 * settings; the crew the day's run, a job's completion, its documents and the order it opens, and
 * tip runs. The last test holds the table to every route file that asks for a member of staff, so
 * a new page must be placed here before it ships.
 */

const ALL: StaffRole[] = ["owner", "office", "crew"];
const OFFICE: StaffRole[] = ["owner", "office"];
const OWNER: StaffRole[] = ["owner"];

/** [route file, a path it answers, method, the roles that reach it] */
const REACH_TABLE: [file: string, path: string, method: string, roles: StaffRole[]][] = [
  ["dashboard.tsx", "/dashboard", "GET", ALL],
  ["dashboard._index.tsx", "/dashboard/", "GET", ALL],
  ["dashboard.today.tsx", "/dashboard/today", "GET", ALL],
  ["dashboard.today.tsx", "/dashboard/today", "POST", ALL],
  ["dashboard.orders.$id_.complete.tsx", "/dashboard/orders/12/complete", "GET", ALL],
  ["dashboard.orders.$id_.complete.tsx", "/dashboard/orders/12/complete", "POST", ALL],
  [
    "dashboard.orders.$id_.complete_.kept.$keptId.ts",
    "/dashboard/orders/12/complete/kept/abc",
    "GET",
    ALL,
  ],
  [
    "dashboard.orders.$id_.documents.$document.ts",
    "/dashboard/orders/12/documents/receipt.pdf",
    "GET",
    ALL,
  ],
  ["dashboard.orders.$id.tsx", "/dashboard/orders/12", "GET", ALL],
  // Changing a booking is the office's.
  ["dashboard.orders.$id.tsx", "/dashboard/orders/12", "POST", OFFICE],
  ["dashboard.tip-runs.tsx", "/dashboard/tip-runs", "GET", ALL],
  ["dashboard.tip-runs.tsx", "/dashboard/tip-runs", "POST", ALL],
  ["dashboard.tip-runs_.$id.tsx", "/dashboard/tip-runs/3", "POST", ALL],
  ["dashboard.tip-runs_.$id.sheet[.]pdf.ts", "/dashboard/tip-runs/3/sheet.pdf", "GET", ALL],
  ["dashboard.tip-runs_.$id.ticket[.]jpg.ts", "/dashboard/tip-runs/3/ticket.jpg", "GET", ALL],
  ["dashboard.orders._index.tsx", "/dashboard/orders", "GET", OFFICE],
  ["dashboard.orders.export.ts", "/dashboard/orders/export", "GET", OFFICE],
  ["dashboard.home.tsx", "/dashboard/home", "GET", OFFICE],
  ["dashboard.search.tsx", "/dashboard/search", "GET", OFFICE],
  ["dashboard.inbox._index.tsx", "/dashboard/inbox", "GET", OFFICE],
  ["dashboard.inbox.$id.tsx", "/dashboard/inbox/4", "POST", OFFICE],
  ["dashboard.quotes._index.tsx", "/dashboard/quotes", "GET", OFFICE],
  ["dashboard.quotes.$id.tsx", "/dashboard/quotes/5", "GET", OFFICE],
  ["dashboard.quotes.$id_.price.tsx", "/dashboard/quotes/5/price", "POST", OFFICE],
  ["dashboard.products.tsx", "/dashboard/products", "GET", OFFICE],
  ["dashboard.products.$id.tsx", "/dashboard/products/7", "POST", OFFICE],
  ["dashboard.products.new.tsx", "/dashboard/products/new", "GET", OFFICE],
  ["dashboard.products_.export[.]csv.ts", "/dashboard/products/export.csv", "GET", OFFICE],
  ["dashboard.products_.import.tsx", "/dashboard/products/import", "POST", OFFICE],
  ["dashboard.takings.tsx", "/dashboard/takings", "GET", OFFICE],
  ["dashboard.takings[.]csv.ts", "/dashboard/takings.csv", "GET", OFFICE],
  ["dashboard.transfers.tsx", "/dashboard/transfers", "GET", OFFICE],
  ["dashboard.transfers.export[.]csv.ts", "/dashboard/transfers/export.csv", "GET", OFFICE],
  ["dashboard.transfers.export[.]json.ts", "/dashboard/transfers/export.json", "GET", OFFICE],
  [
    "dashboard.transfers.export[.]dwt[.]json.ts",
    "/dashboard/transfers/export.dwt.json",
    "GET",
    OFFICE,
  ],
  ["dashboard.tip-sites.tsx", "/dashboard/tip-sites", "POST", OFFICE],
  ["dashboard.fleet.tsx", "/dashboard/fleet", "POST", OFFICE],
  ["dashboard.content._index.tsx", "/dashboard/content", "GET", OFFICE],
  ["dashboard.content.$id.tsx", "/dashboard/content/8", "POST", OFFICE],
  ["dashboard.content.blog.$id.tsx", "/dashboard/content/blog/9", "POST", OFFICE],
  ["dashboard.calendar-feed.tsx", "/dashboard/calendar-feed", "POST", OFFICE],
  ["dashboard.settings.tsx", "/dashboard/settings", "GET", OWNER],
  ["dashboard.settings.tsx", "/dashboard/settings", "POST", OWNER],
  ["dashboard.staff.tsx", "/dashboard/staff", "GET", OWNER],
  ["dashboard.staff.tsx", "/dashboard/staff", "POST", OWNER],
  ["api.general._index.ts", "/api/general", "GET", OFFICE],
  ["api.general.billing.ts", "/api/general/billing", "POST", OFFICE],
  ["api.general.bookings.ts", "/api/general/bookings", "GET", OFFICE],
  ["api.general.updatebooking.ts", "/api/general/updatebooking", "POST", OFFICE],
  ["api.orders._index.ts", "/api/orders", "GET", OFFICE],
  ["api.orders.custom-order.ts", "/api/orders/custom-order", "POST", OFFICE],
  ["api.orders.delete-quote.ts", "/api/orders/delete-quote", "POST", OFFICE],
  ["api.orders.quotationRequest.ts", "/api/orders/quotationRequest", "GET", OFFICE],
  ["api.products.deleteProduct.$id.ts", "/api/products/deleteProduct/7", "DELETE", OFFICE],
  ["api.products.quotes-img.$name.ts", "/api/products/quotes-img/ab12.jpg", "GET", OFFICE],
  ["api.products.updateProduct.ts", "/api/products/updateProduct", "POST", OFFICE],
  ["api.products.upload.ts", "/api/products/upload", "POST", OFFICE],
];

describe("each role's reach", () => {
  it.each(
    REACH_TABLE.flatMap(([file, path, method, roles]) =>
      STAFF_ROLES.map((role) => [role, method, path, roles.includes(role), file] as const),
    ),
  )("%s %s %s: %s", (role, method, path, reached) => {
    expect(canReach(role, reachOf(path, method))).toBe(reached);
  });

  it("keeps a page nobody placed for the owner alone", () => {
    expect(reachOf("/dashboard-new")).toBe("owner");
    expect(reachOf("/reports")).toBe("owner");
  });

  it("places every route file that asks for a member of staff", () => {
    const routes = path.resolve(import.meta.dirname, "../../app/routes");
    const staffFiles = fs
      .readdirSync(routes)
      .filter((file) =>
        /requireStaff|answerProductUpload/.test(fs.readFileSync(path.join(routes, file), "utf8")),
      );
    const placed = new Set(REACH_TABLE.map(([file]) => file));
    expect(staffFiles.filter((file) => !placed.has(file))).toEqual([]);
    expect([...placed].filter((file) => !staffFiles.includes(file))).toEqual([]);
  });
});

describe("the days a crew member reaches", () => {
  it.each([
    ["today", "2026-11-27", true],
    ["tomorrow", "2026-11-28", true],
    ["yesterday", "2026-11-26", false],
    ["the day after tomorrow", "2026-11-29", false],
    ["next year's today", "2027-11-27", false],
  ])("%s: %s", (_, day, reached) => {
    expect(crewReachesDay(day, "2026-11-27")).toBe(reached);
  });

  it("crosses a month's end and the clocks' change alike", () => {
    expect(crewReachesDay("2026-12-01", "2026-11-30")).toBe(true);
    expect(crewReachesDay("2027-03-28", "2027-03-27")).toBe(true);
  });
});
