/**
 * THE capacity rule (docs/rules.md#capacity-by-load, docs/decisions/027-capacity-by-load.md):
 * what a day, and each arrival window in it, can still take, by van load and crew minutes.
 * Pure: the caller reads the fleet, the blocked day, the windows and the day's bookings (holds
 * included) and passes them in, inside the transaction that writes a booking.
 *
 * - A day carries vans × a van's load per trip × trips per day (hundredths of a cubic yard),
 *   and works vans × a crew's minutes per day (one crew a van).
 * - Each window gets the day's crew minutes in proportion to its length; the load is shared by
 *   the whole day (a van empties at the tip between trips whatever the window).
 * - A day takes at most `maxJobs` collections whatever their load (a crew drives between
 *   addresses; travel is not modelled otherwise).
 * - A window fits a request when its own minutes, the day's minutes, the day's load and the day's
 *   collections all hold it; "any" time fits when the day's hold it.
 * - Full says why: "load" when the load would overflow (checked first), then "jobs", else "time".
 * - A blocked day, or a day with no vans, takes nothing: "blocked", with the reason.
 * - Staff may book over: `staffOverride` turns "full" into "over" with what it is over by.
 */

/** The fleet's weekdays, Sunday 0 as in `fleet_days` (and date-fns's getDay). */
export const WEEKDAY_NAMES = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;

export const WINDOW_KEYS = ["morning", "afternoon", "evening"] as const;
export type WindowKey = (typeof WINDOW_KEYS)[number];
export type WindowChoice = WindowKey | "any";

export const WINDOW_LABELS: Record<WindowKey, string> = {
  morning: "Morning",
  afternoon: "Afternoon",
  evening: "Evening",
};

/** An arrival window: minutes after midnight, start inclusive, end exclusive. */
export interface ArrivalWindow {
  key: WindowKey;
  startMinute: number;
  endMinute: number;
}

/** The fleet working on one day (after any override for that day). */
export interface DayFleet {
  vans: number;
  /** a van's load per trip, hundredths of a cubic yard */
  vanLoadHundredths: number;
  tripsPerDay: number;
  /** one crew's working minutes in a day */
  crewMinutesPerDay: number;
  /** the most collections the day takes, whatever their load */
  maxJobs: number;
}

/** What a booking (or an unpaid hold, or a request) takes. */
export interface Load {
  loadHundredths: number;
  minutes: number;
}

export interface DayBooking extends Load {
  window: WindowChoice;
  /** how many collections this entry stands for (bookings summed by window); 1 when left out */
  count?: number;
}

export interface CapacityRequest extends Load {
  window: WindowChoice;
  /** staff booking over capacity (with a reason, recorded by the caller) */
  staffOverride?: boolean;
}

export interface CapacityInput {
  fleet: DayFleet;
  /** the day's blocked reason, or null when it is open */
  blocked: string | null;
  windows: readonly ArrivalWindow[];
  bookings: readonly DayBooking[];
  request: CapacityRequest;
}

export type FullReason = "load" | "jobs" | "time";

/** How far a staff booking takes a day or window past what it holds. */
export interface OverBy extends Load {
  jobs: number;
}

export type SlotState =
  | { state: "available" }
  | { state: "full"; reason: FullReason }
  | { state: "over"; reason: FullReason; overBy: OverBy }
  | { state: "blocked"; reason: string };

export interface WindowAnswer {
  key: WindowKey;
  /** this window's share of the day's crew minutes */
  minutesCapacity: number;
  /** minutes already booked into this window */
  minutesUsed: number;
  slot: SlotState;
}

export interface CapacityAnswer {
  loadCapacity: number;
  minutesCapacity: number;
  jobsCapacity: number;
  loadUsed: number;
  minutesUsed: number;
  /** collections on the day (bookings and holds) */
  jobsUsed: number;
  /** how full the day is before the request, in whole percent (may pass 100 after staff overrides) */
  fillPercent: number;
  /** "available" when the request fits in at least one window or at any time */
  day: SlotState;
  windows: WindowAnswer[];
  /** the request at any time of the day */
  anyTime: SlotState;
  /** the request in the window it asked for (or at any time) */
  request: SlotState;
}

export const NO_VANS_REASON = "No vans are working that day";

/** Each window's share of the day's minutes, in proportion to its length, rounded down. */
export function windowMinutes(windows: readonly ArrivalWindow[], dayMinutes: number): number[] {
  const lengths = windows.map((w) => Math.max(0, w.endMinute - w.startMinute));
  const total = lengths.reduce((a, b) => a + b, 0);
  if (total === 0) return windows.map(() => 0);
  return lengths.map((length) => Math.floor((dayMinutes * length) / total));
}

const sum = (items: readonly Load[]): Load =>
  items.reduce(
    (acc, b) => ({
      loadHundredths: acc.loadHundredths + b.loadHundredths,
      minutes: acc.minutes + b.minutes,
    }),
    { loadHundredths: 0, minutes: 0 },
  );

interface Measure {
  used: number;
  capacity: number;
}

/**
 * One check: the load first, then the collections, then the minutes; "over" instead of "full"
 * for staff. A request adds one collection.
 */
function judge(
  load: Measure,
  jobs: Measure,
  minutes: Measure,
  request: CapacityRequest,
): SlotState {
  const loadOver = load.used + request.loadHundredths - load.capacity;
  const jobsOver = jobs.used + 1 - jobs.capacity;
  const minutesOver = minutes.used + request.minutes - minutes.capacity;
  if (loadOver <= 0 && jobsOver <= 0 && minutesOver <= 0) return { state: "available" };
  const reason: FullReason = loadOver > 0 ? "load" : jobsOver > 0 ? "jobs" : "time";
  if (!request.staffOverride) return { state: "full", reason };
  return {
    state: "over",
    reason,
    overBy: {
      loadHundredths: Math.max(0, loadOver),
      jobs: Math.max(0, jobsOver),
      minutes: Math.max(0, minutesOver),
    },
  };
}

/** THE capacity rule: the day's and each window's state for a request. */
export function dayCapacity(input: CapacityInput): CapacityAnswer {
  const { fleet, windows, bookings, request } = input;
  const vans = Math.max(0, fleet.vans);
  const loadCapacity = vans * fleet.vanLoadHundredths * fleet.tripsPerDay;
  const minutesCapacity = vans * fleet.crewMinutesPerDay;
  const jobsCapacity = vans === 0 ? 0 : Math.max(0, fleet.maxJobs);
  const used = sum(bookings);
  const jobsUsed = bookings.reduce((n, b) => n + (b.count ?? 1), 0);
  const ratio = (a: number, b: number) => (b > 0 ? a / b : a > 0 ? 1 : 0);
  const fillPercent = Math.round(
    100 *
      Math.max(
        ratio(used.loadHundredths, loadCapacity),
        ratio(used.minutes, minutesCapacity),
        ratio(jobsUsed, jobsCapacity),
      ),
  );
  const shares = windowMinutes(windows, minutesCapacity);
  const blockedReason = input.blocked ?? (vans === 0 ? NO_VANS_REASON : null);

  const dayLoad = { used: used.loadHundredths, capacity: loadCapacity };
  const dayMinutes = { used: used.minutes, capacity: minutesCapacity };
  const dayJobs = { used: jobsUsed, capacity: jobsCapacity };
  const windowAnswers: WindowAnswer[] = windows.map((w, i) => {
    const own = sum(bookings.filter((b) => b.window === w.key)).minutes;
    const capacity = shares[i] ?? 0;
    let slot: SlotState;
    if (blockedReason !== null) slot = { state: "blocked", reason: blockedReason };
    else {
      // The day's load and minutes first (they name the reason), then the window's own minutes.
      const dayState = judge(dayLoad, dayJobs, dayMinutes, request);
      const windowState = judge(dayLoad, dayJobs, { used: own, capacity }, request);
      slot = worse(dayState, windowState);
    }
    return { key: w.key, minutesCapacity: capacity, minutesUsed: own, slot };
  });

  const anyTime: SlotState =
    blockedReason !== null
      ? { state: "blocked", reason: blockedReason }
      : judge(dayLoad, dayJobs, dayMinutes, request);

  const requested =
    request.window === "any"
      ? anyTime
      : (windowAnswers.find((w) => w.key === request.window)?.slot ??
        ({ state: "full", reason: "time" } as const));

  let day: SlotState;
  if (blockedReason !== null) day = { state: "blocked", reason: blockedReason };
  else if (
    anyTime.state === "available" &&
    (request.window === "any" || windowAnswers.some((w) => w.slot.state === "available"))
  )
    day = { state: "available" };
  else day = request.window === "any" ? anyTime : worstOfWindows(windowAnswers, anyTime);

  return {
    loadCapacity,
    minutesCapacity,
    jobsCapacity,
    loadUsed: used.loadHundredths,
    minutesUsed: used.minutes,
    jobsUsed,
    fillPercent,
    day,
    windows: windowAnswers,
    anyTime,
    request: requested,
  };
}

const RANK = { available: 0, over: 1, full: 2, blocked: 3 } as const;

/** The reason named first when two checks fail: load, then collections, then time. */
const firstReason = (a: FullReason, b: FullReason): FullReason =>
  a === "load" || b === "load" ? "load" : a === "jobs" || b === "jobs" ? "jobs" : "time";

/** The less favourable of two states (for "over": the larger overflow of each kind). */
function worse(a: SlotState, b: SlotState): SlotState {
  if (a.state === "over" && b.state === "over")
    return {
      state: "over",
      reason: firstReason(a.reason, b.reason),
      overBy: {
        loadHundredths: Math.max(a.overBy.loadHundredths, b.overBy.loadHundredths),
        jobs: Math.max(a.overBy.jobs, b.overBy.jobs),
        minutes: Math.max(a.overBy.minutes, b.overBy.minutes),
      },
    };
  if (a.state === "full" && b.state === "full")
    return { state: "full", reason: firstReason(a.reason, b.reason) };
  return RANK[b.state] > RANK[a.state] ? b : a;
}

/**
 * A day where no window fits: the reason of the most forgiving window (a day full only by time in
 * one window and by load overall says "load" once every window is out of load).
 */
function worstOfWindows(windows: readonly WindowAnswer[], anyTime: SlotState): SlotState {
  if (anyTime.state !== "available") return anyTime;
  const overs = windows.map((w) => w.slot).filter((s) => s.state === "over");
  if (overs.length > 0) return overs[0]!;
  return { state: "full", reason: "time" };
}

/** A booking's load and minutes from its lines: quantity × each item's; lines with none count 0. */
export function orderLoad(
  items: readonly {
    quantity: number;
    loadHundredths: number | null;
    handlingMinutes: number | null;
  }[],
): Load & { linesWithoutLoad: number } {
  let loadHundredths = 0;
  let minutes = 0;
  let linesWithoutLoad = 0;
  for (const item of items) {
    const quantity = Math.max(0, Math.trunc(item.quantity));
    if (item.loadHundredths === null || item.handlingMinutes === null) linesWithoutLoad += 1;
    loadHundredths += quantity * (item.loadHundredths ?? 0);
    minutes += quantity * (item.handlingMinutes ?? 0);
  }
  return { loadHundredths, minutes, linesWithoutLoad };
}

/** "07:00-12:00" → minutes after midnight; undefined when it is not a window within the day. */
export function parseWindow(text: string): { startMinute: number; endMinute: number } | undefined {
  const match = /^([01]\d|2[0-4]):([0-5]\d)\s*-\s*([01]\d|2[0-4]):([0-5]\d)$/.exec(text.trim());
  if (!match) return undefined;
  const startMinute = Number(match[1]) * 60 + Number(match[2]);
  const endMinute = Number(match[3]) * 60 + Number(match[4]);
  if (endMinute > 24 * 60 || startMinute >= endMinute) return undefined;
  return { startMinute, endMinute };
}

/** Minutes after midnight as "07:00". */
export function formatMinute(minute: number): string {
  const h = Math.floor(minute / 60);
  const m = minute % 60;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
}

/** Hundredths of a cubic yard as people write them: "2.5", "0.1", "10". */
export function formatLoadYards(hundredths: number): string {
  const whole = Math.floor(hundredths / 100);
  const rest = hundredths % 100;
  if (rest === 0) return String(whole);
  return `${whole}.${String(rest).padStart(2, "0").replace(/0$/, "")}`;
}

// ---------------------------------------------------------------------------
// Choosing the arrival window (docs/decisions/028-arrival-windows.md)

export const WINDOW_CHOICES = [...WINDOW_KEYS, "any"] as const;

export function isWindowChoice(value: unknown): value is WindowChoice {
  return typeof value === "string" && (WINDOW_CHOICES as readonly string[]).includes(value);
}

/** "Morning", or "Any time" */
export function windowName(choice: WindowChoice): string {
  return choice === "any" ? "Any time" : WINDOW_LABELS[choice];
}

/** "Morning, 7:00 to 12:00", or "Any time, 7:00 to 22:00" (the shop's hours: first window's start to last's end). */
export function windowDescription(choice: WindowChoice, windows: readonly ArrivalWindow[]): string {
  const hours = (from: number, to: number) =>
    `${formatMinute(from).replace(/^0/, "")} to ${formatMinute(to).replace(/^0/, "")}`;
  if (choice === "any") {
    const first = windows[0];
    const last = windows.at(-1);
    return first && last ? `Any time, ${hours(first.startMinute, last.endMinute)}` : "Any time";
  }
  const w = windows.find((x) => x.key === choice);
  return w
    ? `${WINDOW_LABELS[choice]}, ${hours(w.startMinute, w.endMinute)}`
    : WINDOW_LABELS[choice];
}

/** A window's hours as "HH:MM" (any time: the first window's start to the last's end). */
export function windowHours(
  choice: WindowChoice,
  windows: readonly ArrivalWindow[],
): { start: string; end: string } {
  const w = choice === "any" ? undefined : windows.find((x) => x.key === choice);
  const start = w?.startMinute ?? windows[0]?.startMinute ?? 7 * 60;
  const end = w?.endMinute ?? windows.at(-1)?.endMinute ?? 22 * 60;
  return { start: formatMinute(start), end: formatMinute(end) };
}

export const INVALID_DATE_MESSAGE = "Please select a valid date";
export const ANY_TIME_NOT_OFFERED_MESSAGE =
  "Any time is for collections where every item is left outside. Please choose a window.";
export const windowFullMessage = (choice: WindowChoice) =>
  choice === "any"
    ? "That day has no room left at any time for your collection. Please choose another date."
    : `The ${WINDOW_LABELS[choice].toLowerCase()} is full on that day for your collection. Please choose another time, or another date.`;

export type WindowPick =
  | { ok: true; window: WindowChoice; slot: SlotState }
  | { ok: false; message: string; dayFull: boolean };

/**
 * The window a booking takes on a day, from the capacity answer for its load:
 * - asked for a window (or any time): that one, if it fits (or is "over", for staff);
 * - asked for nothing (an /api client sending a date only): the first window that fits.
 * A refusal says whether the whole day is out (the spec's "Please select a valid date") or only
 * the window asked for.
 */
export function pickWindow(answer: CapacityAnswer, asked: WindowChoice | null): WindowPick {
  const usable = (slot: SlotState) => slot.state === "available" || slot.state === "over";
  const dayFull = !usable(answer.day) && !answer.windows.some((w) => usable(w.slot));
  if (asked === null) {
    const first =
      answer.windows.find((w) => w.slot.state === "available") ??
      answer.windows.find((w) => w.slot.state === "over");
    return first
      ? { ok: true, window: first.key, slot: first.slot }
      : { ok: false, message: INVALID_DATE_MESSAGE, dayFull: true };
  }
  const slot =
    asked === "any"
      ? answer.anyTime
      : (answer.windows.find((w) => w.key === asked)?.slot ?? { state: "full", reason: "time" });
  if (usable(slot)) return { ok: true, window: asked, slot };
  if (dayFull || slot.state === "blocked")
    return { ok: false, message: INVALID_DATE_MESSAGE, dayFull: true };
  return { ok: false, message: windowFullMessage(asked), dayFull: false };
}

/** Spec §9: outside-left items collected any time get 10% off. */
export const ANY_TIME_DISCOUNT_PERCENT = 10;

/** Any time is offered when every line of the bag is left outside (a free quote line never is). */
export function anyTimeOffered(lines: readonly { position: string | null }[]): boolean {
  return lines.length > 0 && lines.every((line) => line.position === "outside");
}

/**
 * The "any time" discount on a bag, VAT-inclusive: 10% off each unit, rounded to the penny half
 * up, so the card provider's lines (each unit at its discounted price) add up to exactly the
 * order's total. 0 when the window is not "any".
 */
export function anyTimeDiscountPence(
  window: WindowChoice,
  lines: readonly { unitPricePence: number; quantity: number }[],
): number {
  if (window !== "any") return 0;
  return lines.reduce((sum, l) => sum + l.quantity * unitDiscountPence(l.unitPricePence), 0);
}

/** One unit's share of the any-time discount. */
export function unitDiscountPence(unitPricePence: number): number {
  return Math.round((unitPricePence * ANY_TIME_DISCOUNT_PERCENT) / 100);
}

/** The discount's line on receipts, emails and pages. */
export const ANY_TIME_DISCOUNT_LABEL = `Any time discount (${ANY_TIME_DISCOUNT_PERCENT}%)`;
