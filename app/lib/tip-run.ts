import { parsePounds } from "./money";
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
