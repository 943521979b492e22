import { parseId } from "~/lib/ids";
import { fromLondonDateTimeLocal } from "~/lib/london-clock.server";
import { bookingReference } from "~/lib/references";
import {
  gateFeeOf,
  netWeightOf,
  normaliseVehicleRegistration,
  shareByWeight,
  TIP_RUN_FIELDS,
  TIP_RUN_MESSAGES,
} from "~/lib/tip-run";
import { wtnReference } from "~/lib/waste-export";
import { db } from "~/services/db.server";
import { lockKeys } from "~/services/dialect.server";
import { newLinkToken } from "../customer-links/customer-link.server";

/**
 * Tip runs (docs/rules.md#tip-runs): the office or the crew record each load taken to a receiving
 * site, with the jobs whose waste was on it; a job's waste is then delivered, and the gate fee a
 * cost per job shared by weight (shareByWeight, app/lib/tip-run.ts). A job goes on one load only:
 * recorded under a lock and a unique key, so two people ticking the same job at once save it once.
 */

/** How far back a job's waste may still be waiting for its load: two weeks. */
const DELIVERABLE_DAYS = 14;

export interface DeliverableJob {
  completionId: number;
  wtnReference: string;
  bookingReference: string | null;
  customerName: string;
  postcode: string;
  completedAt: string;
  /** the waste's estimated weight, grams (0 when not known) */
  weightGrams: number;
}

/** Completed jobs of the last two weeks whose waste is on no load yet, oldest first. */
export async function deliverableJobs(now = new Date()): Promise<DeliverableJob[]> {
  const since = new Date(now.getTime() - DELIVERABLE_DAYS * 86_400_000).toISOString();
  const rows = await db()
    .selectFrom("job_completions")
    .leftJoin("job_waste_lines", "job_waste_lines.completion_id", "job_completions.id")
    .leftJoin("tip_run_jobs", "tip_run_jobs.completion_id", "job_completions.id")
    .select((eb) => [
      "job_completions.id",
      "job_completions.order_id",
      "job_completions.customer_name",
      "job_completions.postcode",
      "job_completions.completed_at",
      eb.fn.coalesce(eb.fn.sum<number>("job_waste_lines.weight_grams"), eb.lit(0)).as("grams"),
    ])
    .where("tip_run_jobs.completion_id", "is", null)
    .where("job_completions.completed_at", ">=", since)
    .groupBy([
      "job_completions.id",
      "job_completions.order_id",
      "job_completions.customer_name",
      "job_completions.postcode",
      "job_completions.completed_at",
    ])
    .orderBy("job_completions.completed_at")
    .execute();
  return rows.map((row) => ({
    completionId: row.id,
    wtnReference: wtnReference(row.id),
    bookingReference: row.order_id ? bookingReference(row.order_id) : null,
    customerName: row.customer_name,
    postcode: row.postcode,
    completedAt: row.completed_at,
    weightGrams: Number(row.grams),
  }));
}

type TipRunErrors = Partial<Record<string, string>>;

export type TipRunResult =
  | { ok: true; tipRunId: number; jobs: number; netGrams: number; siteName: string }
  | { ok: false; errors: TipRunErrors };

/** Records a load: checked, then saved with each job's share of the gate fee, once. */
export async function recordTipRun(
  values: Readonly<Record<string, string>>,
  actor: string,
  now = new Date(),
): Promise<TipRunResult> {
  const errors: TipRunErrors = {};
  const siteId = parseId(values[TIP_RUN_FIELDS.site]);
  const site =
    siteId === undefined
      ? undefined
      : await db()
          .selectFrom("receiving_sites")
          .select(["id", "name"])
          .where("id", "=", siteId)
          .where("retired_at", "is", null)
          .executeTakeFirst();
  if (!site) errors[TIP_RUN_FIELDS.site] = TIP_RUN_MESSAGES.site;
  const arrived = fromLondonDateTimeLocal(values[TIP_RUN_FIELDS.arrivedAt] ?? "");
  if (!arrived) errors[TIP_RUN_FIELDS.arrivedAt] = TIP_RUN_MESSAGES.arrivedAt;
  else if (arrived.getTime() > now.getTime() + 5 * 60_000)
    errors[TIP_RUN_FIELDS.arrivedAt] = TIP_RUN_MESSAGES.future;
  const vehicle = normaliseVehicleRegistration(values[TIP_RUN_FIELDS.vehicle] ?? "");
  if (!vehicle) errors[TIP_RUN_FIELDS.vehicle] = TIP_RUN_MESSAGES.vehicle;
  const weight = netWeightOf({
    gross: values[TIP_RUN_FIELDS.gross],
    tare: values[TIP_RUN_FIELDS.tare],
    net: values[TIP_RUN_FIELDS.net],
  });
  if (!weight.ok) errors[weight.field] = weight.message;
  const ticket = (values[TIP_RUN_FIELDS.ticket] ?? "").trim();
  if (ticket.length > 40) errors[TIP_RUN_FIELDS.ticket] = TIP_RUN_MESSAGES.ticket;
  const fee = gateFeeOf(values[TIP_RUN_FIELDS.gateFee] ?? "");
  if (fee === null) errors[TIP_RUN_FIELDS.gateFee] = TIP_RUN_MESSAGES.gateFee;
  const ticked = Object.keys(values)
    .map((key) => /^job_(\d+)$/.exec(key)?.[1])
    .filter((id): id is string => id !== undefined)
    .map(Number);
  if (ticked.length === 0) errors.jobs = TIP_RUN_MESSAGES.jobs;
  if (Object.keys(errors).length > 0 || !site || !arrived || !vehicle || !weight.ok || fee === null)
    return { ok: false, errors };

  return db()
    .transaction()
    .execute(async (trx): Promise<TipRunResult> => {
      await lockKeys(trx, ["tip-runs"]);
      const waiting = await trx
        .selectFrom("job_completions")
        .leftJoin("tip_run_jobs", "tip_run_jobs.completion_id", "job_completions.id")
        .select("job_completions.id")
        .where("job_completions.id", "in", ticked)
        .where("tip_run_jobs.completion_id", "is", null)
        .execute();
      if (waiting.length !== ticked.length)
        return { ok: false, errors: { jobs: TIP_RUN_MESSAGES.taken } };
      const weights = await trx
        .selectFrom("job_waste_lines")
        .select((eb) => [
          "completion_id",
          eb.fn.coalesce(eb.fn.sum<number>("weight_grams"), eb.lit(0)).as("grams"),
        ])
        .where("completion_id", "in", ticked)
        .groupBy("completion_id")
        .execute();
      const gramsOf = new Map(weights.map((w) => [w.completion_id, Number(w.grams)]));
      const shares = shareByWeight(
        fee,
        ticked.map((id) => gramsOf.get(id) ?? 0),
      );
      const run = await trx
        .insertInto("tip_runs")
        .values({
          site_id: site.id,
          arrived_at: arrived.toISOString(),
          vehicle_registration: vehicle,
          gross_grams: weight.grossGrams,
          tare_grams: weight.tareGrams,
          net_grams: weight.netGrams,
          ticket_number: ticket,
          gate_fee_pence: fee,
          recorded_by: actor,
          created_at: now.toISOString(),
          handoff_token: newLinkToken(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("tip_run_jobs")
        .values(
          ticked.map((completionId, i) => ({
            tip_run_id: run.id,
            completion_id: completionId,
            cost_pence: shares[i]!,
          })),
        )
        .execute();
      return {
        ok: true,
        tipRunId: run.id,
        jobs: ticked.length,
        netGrams: weight.netGrams,
        siteName: site.name,
      };
    });
}

/** The last loads recorded, newest first, with their jobs and each one's share of the fee. */
export async function recentTipRuns(limit = 20) {
  const runs = await db()
    .selectFrom("tip_runs")
    .innerJoin("receiving_sites", "receiving_sites.id", "tip_runs.site_id")
    .select([
      "tip_runs.id",
      "tip_runs.arrived_at",
      "tip_runs.vehicle_registration",
      "tip_runs.net_grams",
      "tip_runs.ticket_number",
      "tip_runs.gate_fee_pence",
      "receiving_sites.name as site_name",
    ])
    .orderBy("tip_runs.arrived_at", "desc")
    .orderBy("tip_runs.id", "desc")
    .limit(limit)
    .execute();
  const jobs =
    runs.length === 0
      ? []
      : await db()
          .selectFrom("tip_run_jobs")
          .select(["tip_run_id", "completion_id", "cost_pence"])
          .where(
            "tip_run_id",
            "in",
            runs.map((r) => r.id),
          )
          .orderBy("completion_id")
          .execute();
  return runs.map((run) => ({
    ...run,
    jobs: jobs
      .filter((job) => job.tip_run_id === run.id)
      .map((job) => ({ wtnReference: wtnReference(job.completion_id), costPence: job.cost_pence })),
  }));
}
