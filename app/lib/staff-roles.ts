import { addDaysIso } from "./calendar";

/**
 * Who on the staff may reach what (docs/rules.md#staff-roles): an *owner* everything, staff
 * accounts and settings included; the *office* bookings, quotes, customers, the inbox, the
 * catalogue, money and waste records, but not staff accounts or settings; a *crew* member the day's
 * run, completing a job and its documents, and tip runs, but no customer lists, money pages,
 * catalogue or settings. One rule for every staff page and /api row: a request's path says which
 * reach it needs (`reachOf`), its role whether it has it (`canReach`). A path nobody listed is the
 * owner's: a new page is closed to the office and the crew until it is placed here.
 */

export const STAFF_ROLES = ["owner", "office", "crew"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<StaffRole, string> = {
  owner: "Owner",
  office: "Office",
  crew: "Crew",
};

export const ROLE_HINTS: Record<StaffRole, string> = {
  owner: "Everything, including staff accounts and settings",
  office: "Bookings, quotes, customers, the inbox, products, takings and waste records",
  crew: "The day's run, completing jobs with their documents, and tip runs",
};

/** What a request needs: any signed-in staff, the crew's work, the office's, or the owner's. */
export type Reach = "staff" | "crew" | "office" | "owner";

const ROLES_WITH: Record<Reach, readonly StaffRole[]> = {
  staff: STAFF_ROLES,
  crew: STAFF_ROLES,
  office: ["owner", "office"],
  owner: ["owner"],
};

/** Path patterns and the reach they need, first match wins; `*` is one segment. */
const REACH_BY_PATH: readonly [pattern: string, reach: Reach, methods?: readonly string[]][] = [
  // Anyone signed in: the dashboard's door (it sends each role to its own start).
  ["/dashboard", "staff"],
  // The crew's day: the run, a job's completion and its documents, the order it opens after.
  ["/dashboard/today", "crew"],
  ["/dashboard/orders/*/complete", "crew"],
  ["/dashboard/orders/*/complete/**", "crew"],
  ["/dashboard/orders/*/documents/*", "crew"],
  ["/dashboard/orders/export", "office"],
  ["/dashboard/orders/*", "crew", ["GET", "HEAD"]],
  ["/dashboard/tip-runs", "crew"],
  ["/dashboard/tip-runs/**", "crew"],
  // The owner's alone.
  ["/dashboard/settings", "owner"],
  ["/dashboard/staff", "owner"],
  ["/dashboard/staff/**", "owner"],
  // The rest of the dashboard and the staff /api: the office's.
  ["/dashboard/**", "office"],
  ["/api/**", "office"],
];

function matches(pattern: string, path: string): boolean {
  const want = pattern.split("/").filter(Boolean);
  const have = path.split("/").filter(Boolean);
  for (let i = 0; i < want.length; i++) {
    if (want[i] === "**") return have.length > i;
    if (i >= have.length) return false;
    if (want[i] !== "*" && want[i] !== have[i]) return false;
  }
  return want.length === have.length;
}

/** The reach a staff request needs, by its path and method; the owner's when no rule names it. */
export function reachOf(pathname: string, method = "GET"): Reach {
  const path = pathname.replace(/\/+$/, "") || "/";
  for (const [pattern, reach, methods] of REACH_BY_PATH)
    if (matches(pattern, path) && (!methods || methods.includes(method.toUpperCase())))
      return reach;
  return "owner";
}

export function canReach(role: StaffRole, reach: Reach): boolean {
  return ROLES_WITH[reach].includes(role);
}

/** Where each role starts when it opens the dashboard. */
export const ROLE_START: Record<StaffRole, string> = {
  owner: "/dashboard/home",
  office: "/dashboard/home",
  crew: "/dashboard/today",
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);
}

export const NOT_YOURS_MESSAGE =
  "Your account cannot open this page. Ask the owner if you need it.";

/**
 * The days a crew member's pages reach (the run sheet, a job's page, its completion and documents):
 * today's run and tomorrow's, which they get ready for. Other days' customers are the office's.
 */
export function crewReachesDay(day: string, today: string): boolean {
  return day === today || day === addDaysIso(today, 1);
}

export const NOT_THEIR_DAY_MESSAGE =
  "A crew account opens today's and tomorrow's jobs. Ask the office for this one.";

/** What a crew member on a van is told of another van's job (docs/rules.md#vans-and-crews). */
export const NOT_THEIR_VAN_MESSAGE =
  "This job is on another van's run. Ask the office if it should be on yours.";
