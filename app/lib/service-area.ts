import { parse } from "postcode";
import { parsePounds } from "./money";

/**
 * The area a business collects from (docs/rules.md#the-area-served): postcode areas ("SE"),
 * districts ("CR0", or "SW1" for all of SW1A…SW1Y) and sub-districts ("SW1A"), as staff set
 * them in Settings. The postcode is read by a maintained library (`postcode`, tested against the
 * ONS Postcode Directory). One rule, coverageOf, for the checkout, its /api, quote booking, staff
 * bookings and the "Do we cover your postcode?" page.
 */

/** A postcode's parts, as Royal Mail writes them. */
export interface PostcodeParts {
  /** "SW1A 2AA" */
  postcode: string;
  /** "SW1A" */
  outcode: string;
  /** "SW" */
  area: string;
  /** "SW1" */
  district: string;
}

/** The postcode's parts, or null when it is not the shape of a UK postcode. */
export function postcodeParts(text: string): PostcodeParts | null {
  const parsed = parse(text.trim());
  if (!parsed.valid) return null;
  const { postcode, outcode, area, district } = parsed;
  return { postcode, outcode, area, district };
}

/** Written in Settings: one area, district or sub-district, or a run of districts "CR0-CR9". */
const AREA = /^[A-Z]{1,2}$/;
const DISTRICT = /^([A-Z]{1,2})(\d{1,2})([A-Z]?)$/;
const RUN = /^([A-Z]{1,2})(\d{1,2})\s*[-–—]\s*([A-Z]{1,2})(\d{1,2})$/;
/** Codes one area may hold: every district of the biggest area (about 80) fits with room. */
export const MAX_AREA_CODES = 400;
/** Characters staff may type for it: several areas' districts written out one by one. */
export const MAX_AREA_TEXT = 4000;

export type AreaCodesCheck = { ok: true; codes: string[] } | { ok: false; message: string };

/**
 * What staff typed as the area, checked: codes separated by commas, spaces or lines; a run
 * "CR0-CR9" stands for each district in it. Answers the codes sorted, each once.
 */
export function parseAreaCodes(text: string): AreaCodesCheck {
  if (text.length > MAX_AREA_TEXT)
    return {
      ok: false,
      message: `Please shorten the list to at most ${MAX_AREA_TEXT} characters: a whole area, such as SE, or a run, such as CR0-CR9, stands for many districts.`,
    };
  const codes = new Set<string>();
  const pieces = text
    .toUpperCase()
    .replace(/\s*[-–—]\s*/g, "-")
    .split(/[\s,;]+/)
    .filter((piece) => piece !== "");
  for (const piece of pieces) {
    const run = RUN.exec(piece);
    if (run) {
      const [, fromArea, from, toArea, to] = run as unknown as [
        string,
        string,
        string,
        string,
        string,
      ];
      if (fromArea !== toArea || Number(from) > Number(to))
        return {
          ok: false,
          message: `"${piece}" is not a run of districts: write it as the first and last district of one area, such as CR0-CR9.`,
        };
      for (let n = Number(from); n <= Number(to); n++) codes.add(`${fromArea}${n}`);
      continue;
    }
    if (!AREA.test(piece) && !DISTRICT.test(piece))
      return {
        ok: false,
        message: `"${piece}" is not a postcode area or district: write areas such as SE, districts such as CR0, or runs such as CR0-CR9.`,
      };
    codes.add(piece);
  }
  if (codes.size > MAX_AREA_CODES)
    return {
      ok: false,
      message: `That is ${codes.size} codes: please use at most ${MAX_AREA_CODES} (a whole area, such as SE, counts as one).`,
    };
  return { ok: true, codes: [...codes].sort(compareCodes) };
}

/** Areas first by letters, then districts by number: "CR0, CR2, CR10, SE". */
function compareCodes(a: string, b: string): number {
  const [, aLetters = "", aNumber = "", aRest = ""] = /^([A-Z]+)(\d*)(.*)$/.exec(a) ?? [];
  const [, bLetters = "", bNumber = "", bRest = ""] = /^([A-Z]+)(\d*)(.*)$/.exec(b) ?? [];
  if (aLetters !== bLetters) return aLetters < bLetters ? -1 : 1;
  if (aNumber !== bNumber)
    return (aNumber === "" ? -1 : Number(aNumber)) - (bNumber === "" ? -1 : Number(bNumber));
  return aRest < bRest ? -1 : aRest > bRest ? 1 : 0;
}

/** The codes as staff read them back: "CR0-CR9, E, N, SE" (runs of districts written as runs). */
export function areaCodesText(codes: readonly string[]): string {
  const out: string[] = [];
  let run: { letters: string; from: number; to: number } | null = null;
  const flush = () => {
    if (!run) return;
    out.push(
      run.from === run.to
        ? `${run.letters}${run.from}`
        : run.to === run.from + 1
          ? `${run.letters}${run.from}, ${run.letters}${run.to}`
          : `${run.letters}${run.from}-${run.letters}${run.to}`,
    );
    run = null;
  };
  for (const code of codes) {
    const district = /^([A-Z]{1,2})(\d{1,2})$/.exec(code);
    if (district) {
      const [, letters = "", digits = ""] = district;
      const n = Number(digits);
      if (run && run.letters === letters && run.to === n - 1) {
        run.to = n;
        continue;
      }
      flush();
      run = { letters, from: n, to: n };
      continue;
    }
    flush();
    out.push(code);
  }
  flush();
  return out.join(", ");
}

export type Coverage =
  | { covered: true; postcode: PostcodeParts }
  | {
      covered: false;
      /** not a postcode; a forces (BFPO) address; Northern Ireland; elsewhere outside the area */
      reason: "malformed" | "bfpo" | "northern-ireland" | "outside";
      /** what the postcode was read as, when it was one */
      postcode: PostcodeParts | null;
    };

/** British Forces Post Office addresses, typed as "BFPO 123" or as their BF1 postcode. */
const BFPO = /^BFPO\s*\d{1,4}$/i;

/**
 * Whether the business collects from the postcode. No codes set means the owner has not said
 * yet: every UK postcode is taken (the go-live checks ask for the area). A BFPO address is never a
 * place to collect from.
 */
export function coverageOf(text: string, codes: readonly string[]): Coverage {
  if (BFPO.test(text.trim())) return { covered: false, reason: "bfpo", postcode: null };
  const postcode = postcodeParts(text);
  if (!postcode) return { covered: false, reason: "malformed", postcode: null };
  if (postcode.area === "BF") return { covered: false, reason: "bfpo", postcode };
  if (codes.length === 0) return { covered: true, postcode };
  const { area, district, outcode } = postcode;
  if (codes.includes(area) || codes.includes(district) || codes.includes(outcode))
    return { covered: true, postcode };
  return { covered: false, reason: area === "BT" ? "northern-ireland" : "outside", postcode };
}

/** Who reads the refusal: the customer ("we don't collect"), or staff booking for one. */
export type CoverageVoice = "customer" | "staff";

/** Why a postcode cannot be booked, in the reader's words. */
export function coverageMessage(
  coverage: Extract<Coverage, { covered: false }>,
  voice: CoverageVoice,
): string {
  const where = coverage.postcode?.outcode ?? "";
  switch (coverage.reason) {
    case "malformed":
      return "Please enter a UK postcode";
    case "bfpo":
      return voice === "customer"
        ? "We cannot collect from a BFPO address: please give the postcode where the items are."
        : "A BFPO address is not a place to collect from: enter the postcode where the items are.";
    case "northern-ireland":
      return voice === "customer"
        ? "Sorry, we do not collect in Northern Ireland."
        : `${coverage.postcode!.postcode} is in Northern Ireland, outside the area you collect from (Settings).`;
    case "outside":
      return voice === "customer"
        ? `Sorry, we do not collect from ${where} yet.`
        : `${coverage.postcode!.postcode} is outside the area you collect from (Settings).`;
  }
}

/** An extra charge for collecting from an area, district or sub-district, in pence. */
export interface AreaSurcharge {
  code: string;
  pence: number;
}

/** The most an extra charge for an area may be: £500. */
export const MAX_AREA_SURCHARGE_PENCE = 50_000;

export type SurchargesCheck =
  { ok: true; surcharges: AreaSurcharge[] } | { ok: false; message: string };

/**
 * The extra charges staff typed, one per line: codes as for the area (a run "KT1-KT9" gives each
 * district) and then the amount in pounds, "GU 20" or "KT1-KT9 £12.50". A code must lie in the
 * area served (when one is set); a code given twice is refused. Answers them sorted by code.
 */
export function parseSurcharges(text: string, area: readonly string[]): SurchargesCheck {
  if (text.length > MAX_AREA_TEXT)
    return {
      ok: false,
      message: `Please shorten the extra charges to at most ${MAX_AREA_TEXT} characters.`,
    };
  const byCode = new Map<string, number>();
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "") continue;
    const match = /^(.*?)\s+£?\s*([\d.]+)$/.exec(line);
    const pence = match ? parsePounds(match[2]) : null;
    const codes = match ? parseAreaCodes(match[1]!) : null;
    if (pence === null || !codes?.ok || codes.codes.length === 0)
      return {
        ok: false,
        message: `"${line}" is not an extra charge: write the places and then the amount, such as KT1-KT9 £15 or GU 20.50, one to a line.`,
      };
    if (pence < 1 || pence > MAX_AREA_SURCHARGE_PENCE)
      return {
        ok: false,
        message: `"${line}": an extra charge is from £0.01 to £${MAX_AREA_SURCHARGE_PENCE / 100}.`,
      };
    for (const code of codes.codes) {
      if (byCode.has(code))
        return { ok: false, message: `${code} has two extra charges: give it one.` };
      if (area.length > 0 && !codeInArea(code, area))
        return {
          ok: false,
          message: `${code} is not in the area you collect from: add it to the area first, or leave its charge out.`,
        };
      byCode.set(code, pence);
    }
  }
  const surcharges = [...byCode].map(([code, pence]) => ({ code, pence }));
  return { ok: true, surcharges: surcharges.sort((a, b) => compareCodes(a.code, b.code)) };
}

/** Whether an area code ("KT", "KT1", "SW1A") lies inside the area's codes. */
function codeInArea(code: string, area: readonly string[]): boolean {
  const district = /^([A-Z]{1,2})(\d{1,2})([A-Z]?)$/.exec(code);
  if (!district) return area.includes(code);
  const [, letters = "", digits = "", sub = ""] = district;
  return (
    area.includes(letters) ||
    area.includes(`${letters}${digits}`) ||
    (sub !== "" && area.includes(code))
  );
}

/**
 * The extra charge for collecting from a postcode: the most particular code that names it wins
 * (a sub-district's over its district's over its area's); null when none does.
 */
export function surchargeFor(
  postcode: PostcodeParts,
  surcharges: readonly AreaSurcharge[],
): AreaSurcharge | null {
  for (const code of [postcode.outcode, postcode.district, postcode.area]) {
    const found = surcharges.find((surcharge) => surcharge.code === code);
    if (found) return found;
  }
  return null;
}

/** The extra charges as staff read them back, one per line: "GU 20.50", "KT1-KT9 15.00". */
export function surchargesText(surcharges: readonly AreaSurcharge[]): string {
  const byPence = new Map<number, string[]>();
  for (const { code, pence } of surcharges)
    byPence.set(pence, [...(byPence.get(pence) ?? []), code]);
  return [...byPence]
    .map(([pence, codes]) => `${areaCodesText(codes)} ${(pence / 100).toFixed(2)}`)
    .join("\n");
}

/** An order's extra charge for its area, named, as pages show it; null when it has none. */
export function areaSurchargeOf(order: {
  area_surcharge_pence: number;
  postcode: string;
}): { name: string; pence: number } | null {
  return order.area_surcharge_pence > 0
    ? { name: areaSurchargeName(order.postcode), pence: order.area_surcharge_pence }
    : null;
}

/** How a booking's extra charge for its area is named on every page, email and receipt. */
export function areaSurchargeName(postcode: string): string {
  const parts = postcodeParts(postcode);
  return parts ? `Collection from ${parts.district}` : "Collection from your area";
}
