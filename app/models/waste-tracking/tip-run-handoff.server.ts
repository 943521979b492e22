import { tipRunSheetPdf } from "~/documents/tip-run-sheet.server";
import { addDaysIso } from "~/lib/calendar";
import { formatLongDate } from "~/lib/format";
import { todayInLondon } from "~/lib/london-clock.server";
import { qrCode, type QrCode } from "~/lib/qr-code";
import {
  HANDOFF_DAYS,
  handoffOpen,
  handoffUrls,
  tipRunReference,
  type TipRunSheet,
} from "~/lib/tip-run";
import { config } from "~/services/config.server";
import { documentBusiness } from "../shop/business-profile.server";
import { bookingReference } from "~/lib/references";
import { wtnReference } from "~/lib/waste-export";
import { db } from "~/services/db.server";
import { findByCustomerLink, newLinkToken } from "../customer-links/customer-link.server";
import { defraRecords, type DefraRecord } from "./defra-records.server";

/**
 * One tip run as the crew shows it at the weighbridge and the office prints it
 * (docs/rules.md#tip-runs): the load, the site, the jobs on it with their waste and share of the
 * fee, and the hand-off — a secret address of the run's Defra records that the site scans as a QR
 * code, open for HANDOFF_DAYS after the load arrived. The hand-off shows the carrier's and the
 * site's details and the waste, never a household's name, address, email or phone.
 */

/** The run, or undefined; a run recorded before hand-offs existed is given its token now. */
export async function tipRunSheet(id: number): Promise<TipRunSheet | undefined> {
  const run = await db()
    .selectFrom("tip_runs")
    .innerJoin("receiving_sites", "receiving_sites.id", "tip_runs.site_id")
    .select([
      "tip_runs.id",
      "tip_runs.arrived_at",
      "tip_runs.vehicle_registration",
      "tip_runs.gross_grams",
      "tip_runs.tare_grams",
      "tip_runs.net_grams",
      "tip_runs.ticket_number",
      "tip_runs.gate_fee_pence",
      "tip_runs.recorded_by",
      "tip_runs.handoff_token",
      "tip_runs.ticket_image_id",
      "receiving_sites.name",
      "receiving_sites.address",
      "receiving_sites.postcode",
      "receiving_sites.authorisation_number",
    ])
    .where("tip_runs.id", "=", id)
    .executeTakeFirst();
  if (!run) return undefined;
  const jobs = await db()
    .selectFrom("tip_run_jobs")
    .innerJoin("job_completions", "job_completions.id", "tip_run_jobs.completion_id")
    .select(["job_completions.id", "job_completions.order_id", "tip_run_jobs.cost_pence"])
    .where("tip_run_jobs.tip_run_id", "=", id)
    .orderBy("job_completions.id")
    .execute();
  const lines =
    jobs.length === 0
      ? []
      : await db()
          .selectFrom("job_waste_lines")
          .select(["completion_id", "waste_description", "low_code", "quantity", "weight_grams"])
          .where(
            "completion_id",
            "in",
            jobs.map((job) => job.id),
          )
          .orderBy("completion_id")
          .orderBy("sort_order")
          .execute();
  return {
    id: run.id,
    reference: tipRunReference(run.id),
    arrivedAt: run.arrived_at,
    vehicleRegistration: run.vehicle_registration,
    grossGrams: run.gross_grams,
    tareGrams: run.tare_grams,
    netGrams: run.net_grams,
    ticketNumber: run.ticket_number,
    gateFeePence: run.gate_fee_pence,
    recordedBy: run.recorded_by,
    handoffToken: run.handoff_token ?? (await giveHandoffToken(run.id)),
    ticketImageId: run.ticket_image_id,
    site: {
      name: run.name,
      address: run.address,
      postcode: run.postcode,
      authorisationNumber: run.authorisation_number,
    },
    jobs: jobs.map((job) => {
      const mine = lines.filter((line) => line.completion_id === job.id);
      return {
        wtnReference: wtnReference(job.id),
        bookingReference: job.order_id ? bookingReference(job.order_id) : null,
        waste: mine.map(
          (line) => `${line.waste_description} (${line.low_code}) × ${line.quantity}`,
        ),
        weightGrams: mine.reduce((sum, line) => sum + line.weight_grams, 0),
        costPence: job.cost_pence,
      };
    }),
  };
}

/** Gives a run without one its hand-off token, once (two viewers at once end with the same). */
async function giveHandoffToken(id: number): Promise<string> {
  await db()
    .updateTable("tip_runs")
    .set({ handoff_token: newLinkToken() })
    .where("id", "=", id)
    .where("handoff_token", "is", null)
    .execute();
  const row = await db()
    .selectFrom("tip_runs")
    .select("handoff_token")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return row.handoff_token!;
}

export type HandoffLookup =
  { found: true; sheet: TipRunSheet; records: DefraRecord[] } | { found: false; expired: boolean };

/**
 * What a hand-off address opens: the run and its Defra records while it is open; `expired` for a
 * run past its days (said as such, not counted as a guess); otherwise nothing, which the route
 * counts against the network as a miss.
 */
export async function handoffOf(token: string, now = new Date()): Promise<HandoffLookup> {
  const id = await findByCustomerLink("handoff", token);
  const sheet = id === undefined ? undefined : await tipRunSheet(id);
  if (!sheet) return { found: false, expired: false };
  if (!handoffOpen(sheet.arrivedAt, now)) return { found: false, expired: true };
  return { found: true, sheet, records: await defraRecords({ tipRunId: sheet.id }) };
}

/** The run's hand-off as the crew's screen and the sheet show it: its address, QR code and last day. */
export function handoffOfSheet(sheet: TipRunSheet): {
  url: string;
  recordsUrl: string;
  code: QrCode;
  openUntil: string;
} {
  const urls = handoffUrls(config().publicUrl, sheet.handoffToken);
  return {
    url: urls.page,
    recordsUrl: urls.records,
    code: qrCode(urls.page),
    openUntil: formatLongDate(addDaysIso(todayInLondon(new Date(sheet.arrivedAt)), HANDOFF_DAYS)),
  };
}

/** The run's printed sheet, as a PDF named after the run; undefined when there is no such run. */
export async function tipRunSheetFile(
  id: number,
  now = new Date(),
): Promise<{ filename: string; bytes: Buffer } | undefined> {
  const sheet = await tipRunSheet(id);
  if (!sheet) return undefined;
  const bytes = await tipRunSheetPdf(sheet, handoffOfSheet(sheet), documentBusiness(), now);
  return { filename: `${sheet.reference}.pdf`, bytes };
}
