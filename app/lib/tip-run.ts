import type { ReceiptMovement } from "./defra-receipt";
import { parsePounds } from "./money";
import { CONTAINER_TYPES, HP_CODES, POP_CODES } from "./waste-tracking-codes";
import { gramsOfKilograms } from "./waste-facts";

/**
 * A tip run: one load taken to a receiving site (docs/rules.md#tip-runs) — where, when, in which
 * van, the jobs whose waste was on it, the weighbridge's weights and ticket, and the gate fee,
 * which becomes a cost per job shared by weight. Pure: the fields, their reading, and the share.
 */

export const TIP_RUN_FIELDS = {
  site: "site_id",
  arrivedAt: "arrived_at",
  vehicle: "vehicle_registration",
  gross: "gross_kg",
  tare: "tare_kg",
  net: "net_kg",
  ticket: "ticket_number",
  gateFee: "gate_fee",
  job: (completionId: number) => `job_${completionId}`,
  /** the weighbridge ticket's photo, sent on its own from the load's page */
  ticketPhoto: "ticket_photo",
} as const;

export const TIP_RUN_MESSAGES = {
  site: "Choose the site the load went to",
  arrivedAt: "Give the date and time the load arrived",
  future: "The load cannot have arrived in the future",
  vehicle: "Enter the van's registration, like AB12 CDE",
  weight: "Enter the weight in kilograms, like 1240 or 1240.5",
  grossBelowTare: "The gross weight must be more than the tare (the van empty)",
  noWeight: "Give the net weight, or the gross and tare weights from the weighbridge ticket",
  ticket: "Keep the ticket number to 40 characters",
  gateFee: "Enter the gate fee in pounds, like 85 or 85.50 (0 if there was none)",
  jobs: "Tick the jobs whose waste was on this load",
  taken: "A job ticked is already on another tip run: reload the page and tick again",
  failed: "The tip run was not saved: please correct what is marked.",
} as const;

/** "ab12cde" → "AB12 CDE" (a current UK plate); other plates in capitals as typed; null when none. */
export function normaliseVehicleRegistration(text: string): string | null {
  const compact = text.replace(/\s+/g, "").toUpperCase();
  if (/^[A-Z]{2}\d{2}[A-Z]{3}$/.test(compact)) return `${compact.slice(0, 4)} ${compact.slice(4)}`;
  const spaced = text.trim().toUpperCase().replace(/\s+/g, " ");
  return /^[A-Z0-9][A-Z0-9 ]{0,8}[A-Z0-9]$/.test(spaced) && /\d/.test(spaced) ? spaced : null;
}

/**
 * The load's net weight from the ticket: the net given, or gross less tare. Grams, or which field
 * is wrong and why.
 */
export function netWeightOf(fields: { gross?: string; tare?: string; net?: string }):
  | { ok: true; grossGrams: number | null; tareGrams: number | null; netGrams: number }
  | {
      ok: false;
      field: "gross_kg" | "tare_kg" | "net_kg";
      message: string;
    } {
  const text = (value?: string) => (value ?? "").trim();
  const read = (value: string) => (value === "" ? null : gramsOfKilograms(value));
  const [gross, tare, net] = [text(fields.gross), text(fields.tare), text(fields.net)];
  if (gross !== "" && read(gross) === null)
    return { ok: false, field: "gross_kg", message: TIP_RUN_MESSAGES.weight };
  if (tare !== "" && read(tare) === null)
    return { ok: false, field: "tare_kg", message: TIP_RUN_MESSAGES.weight };
  if (net !== "" && (read(net) === null || read(net) === 0))
    return { ok: false, field: "net_kg", message: TIP_RUN_MESSAGES.weight };
  const grossGrams = read(gross);
  const tareGrams = read(tare);
  if (grossGrams !== null && tareGrams !== null) {
    if (grossGrams <= tareGrams)
      return { ok: false, field: "gross_kg", message: TIP_RUN_MESSAGES.grossBelowTare };
    return { ok: true, grossGrams, tareGrams, netGrams: read(net) ?? grossGrams - tareGrams };
  }
  const netGrams = read(net);
  if (netGrams === null) return { ok: false, field: "net_kg", message: TIP_RUN_MESSAGES.noWeight };
  return { ok: true, grossGrams, tareGrams, netGrams };
}

/** The gate fee typed in pounds: pence (at most £10,000), or null when it is not an amount. */
export function gateFeeOf(text: string): number | null {
  const pence = parsePounds(text.trim() === "" ? "0" : text.trim().replace(/^£/, ""));
  return pence !== null && pence <= 1_000_000 ? pence : null;
}

/**
 * The gate fee shared between the load's jobs by the weight each brought (largest remainders, so
 * the shares add up to the fee exactly); equal shares when no weight is known.
 */
export function shareByWeight(feePence: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const total = weights.reduce((sum, w) => sum + w, 0);
  const basis = total > 0 ? weights : weights.map(() => 1);
  const basisTotal = total > 0 ? total : weights.length;
  const exact = basis.map((w) => (feePence * w) / basisTotal);
  const shares = exact.map(Math.floor);
  let left = feePence - shares.reduce((sum, s) => sum + s, 0);
  const byRemainder = exact
    .map((value, i) => ({ i, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left === 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/** How long a tip run's hand-off serves its records to the site after the load arrived. */
export const HANDOFF_DAYS = 30;

/** Whether a run's hand-off still opens: within HANDOFF_DAYS of the load's arrival. */
export function handoffOpen(arrivedAt: string, now: Date): boolean {
  const arrived = Date.parse(arrivedAt);
  return Number.isFinite(arrived) && now.getTime() - arrived <= HANDOFF_DAYS * 86_400_000;
}

/** A tip run's number as the office and the site say it: 12 → "TR-000012". */
export function tipRunReference(tipRunId: number): string {
  return `TR-${String(tipRunId).padStart(6, "0")}`;
}

/** The hand-off's addresses at the shop's public address: the page people open, and the records. */
export function handoffUrls(publicUrl: string, token: string): { page: string; records: string } {
  const page = `${publicUrl.replace(/\/+$/, "")}/handoff/${token}`;
  return { page, records: `${page}/movements.json` };
}

/** One tip run as its page and its printed sheet show it (app/models/waste-tracking/tip-run-handoff). */
export interface TipRunSheet {
  id: number;
  reference: string;
  arrivedAt: string;
  vehicleRegistration: string;
  grossGrams: number | null;
  tareGrams: number | null;
  netGrams: number;
  ticketNumber: string;
  gateFeePence: number;
  recordedBy: string;
  handoffToken: string;
  ticketImageId: string | null;
  site: { name: string; address: string; postcode: string; authorisationNumber: string };
  jobs: {
    wtnReference: string;
    bookingReference: string | null;
    /** the waste lines, as "Sofa (20 03 07) × 1" */
    waste: string[];
    weightGrams: number;
    costPence: number;
  }[];
}

type WasteItem = ReceiptMovement["wasteItems"][number];

/**
 * A waste item of a Defra record in words, for the people at the site who open the hand-off:
 * "20 03 07 Bulky furniture waste · Solid · Loose (no container) · 40 kg, estimated", then what it
 * contains of POPs and hazardous properties by name.
 */
export function wasteItemText(item: WasteItem): string[] {
  const codes = item.ewcCodes.map((code) => code.replace(/^(\d\d)(\d\d)(\d\d)$/, "$1 $2 $3"));
  const kg = item.weight.metric === "Kilograms" ? item.weight.amount : undefined;
  const weight =
    kg === undefined
      ? `${item.weight.amount} ${item.weight.metric.toLowerCase()}`
      : `${kg.toLocaleString("en-GB")} kg`;
  const lines = [
    [
      `${codes.join(", ")} ${item.wasteDescription}`,
      item.physicalForm,
      CONTAINER_TYPES[item.typeOfContainers],
      `${weight}${item.weight.isEstimate ? ", estimated" : ""}`,
    ].join(" · "),
  ];
  if (item.containsPops) {
    const named = (item.pops?.components ?? []).map((c) => POP_CODES[c.code]);
    lines.push(
      named.length > 0
        ? `Contains persistent organic pollutants: ${named.join("; ")}`
        : "Contains persistent organic pollutants",
    );
  }
  if (item.containsHazardous) {
    const named = (item.hazardous?.hazCodes ?? []).map(
      (code) => `${code.replace("_", " ")} ${HP_CODES[code]}`,
    );
    lines.push(`Hazardous${named.length > 0 ? `: ${named.join(", ")}` : ""}`);
  }
  return lines;
}
