import { sql, type Kysely } from "kysely";
import { engineOf, TABLE_SQL } from "./dialect";

/**
 * Tip runs (issue 33; docs/rules.md#tip-runs): each load taken to a receiving site, when, in
 * which van, its weighbridge weights and ticket and its gate fee; and the jobs whose waste was on
 * it, each with its share of the fee. A job's waste goes on one load only (its completion is
 * unique here), so it is "delivered" once. The same words for both engines.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { id, strict, now } = TABLE_SQL[engineOf(db)];
  const run = (text: string) => sql.raw(text).execute(db);
  await run(`CREATE TABLE tip_runs (
    ${id},
    site_id INTEGER NOT NULL REFERENCES receiving_sites (id),
    arrived_at TEXT NOT NULL,
    vehicle_registration TEXT NOT NULL CHECK (length(vehicle_registration) BETWEEN 2 AND 10),
    gross_grams INTEGER CHECK (gross_grams IS NULL OR gross_grams > 0),
    tare_grams INTEGER CHECK (tare_grams IS NULL OR tare_grams > 0),
    net_grams INTEGER NOT NULL CHECK (net_grams > 0),
    ticket_number TEXT NOT NULL DEFAULT '' CHECK (length(ticket_number) <= 40),
    gate_fee_pence INTEGER NOT NULL CHECK (gate_fee_pence >= 0),
    recorded_by TEXT NOT NULL,
    created_at TEXT NOT NULL DEFAULT ${now}
  )${strict}`);
  await run(`CREATE INDEX tip_runs_arrived ON tip_runs (arrived_at)`);
  await run(`CREATE TABLE tip_run_jobs (
    tip_run_id INTEGER NOT NULL REFERENCES tip_runs (id) ON DELETE CASCADE,
    completion_id INTEGER NOT NULL UNIQUE REFERENCES job_completions (id),
    cost_pence INTEGER NOT NULL CHECK (cost_pence >= 0),
    PRIMARY KEY (tip_run_id, completion_id)
  )${strict}`);
}

export async function down(): Promise<void> {
  throw new Error("0030_tip_runs cannot be undone: restore the backup taken before it.");
}
