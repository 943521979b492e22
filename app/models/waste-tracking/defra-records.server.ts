import { addDaysIso } from "~/lib/calendar";
import { checkReceiptMovement, type ReceiptMovement } from "~/lib/defra-receipt";
import { londonDayStart } from "~/lib/london-clock.server";
import { bookingReference } from "~/lib/references";
import { isHazardousCode } from "~/lib/waste";
import { codeList } from "~/lib/waste-facts";
import { postcodeAtEnd, wtnReference } from "~/lib/waste-export";
import { ewcDigits } from "~/lib/waste-tracking-codes";
import { db } from "~/services/db.server";

/**
 * Defra's record of each job delivered in a period (docs/rules.md#the-defra-record): the body the
 * receiving site sends to Defra's Receipt API for the load our van brought, one per job, built
 * from the job's completion (its waste lines, their weights and their products' waste facts as
 * they were on the day, the carrier as it was) and the tip run (the site, the time, the van, the ticket). Each is checked by our
 * schema of Defra's rules (app/lib/defra-receipt.ts) before it is offered; one that fails says why.
 */

export interface DefraRecord {
  /** the waste transfer note the record is of */
  reference: string;
  movement: Omit<ReceiptMovement, "apiCode">;
  /** what stops it being submitted as it is (Defra's key and our words); empty when ready */
  problems: { key: string; message: string }[];
}

/**
 * Every job delivered on a load that arrived between two London days (inclusive), or on one load
 * (its hand-off to the site).
 */
export async function defraRecords(
  selection: { from: string; to: string } | { tipRunId: number },
): Promise<DefraRecord[]> {
  let query = db()
    .selectFrom("tip_run_jobs")
    .innerJoin("tip_runs", "tip_runs.id", "tip_run_jobs.tip_run_id")
    .innerJoin("receiving_sites", "receiving_sites.id", "tip_runs.site_id")
    .innerJoin("job_completions", "job_completions.id", "tip_run_jobs.completion_id")
    .select([
      "job_completions.id as completion_id",
      "job_completions.order_id",
      "job_completions.carrier_name",
      "job_completions.carrier_address",
      "job_completions.carrier_registration",
      "tip_runs.arrived_at",
      "tip_runs.vehicle_registration",
      "tip_runs.ticket_number",
      "receiving_sites.name as site_name",
      "receiving_sites.address as site_address",
      "receiving_sites.postcode as site_postcode",
      "receiving_sites.authorisation_number",
    ])
    .orderBy("tip_runs.arrived_at")
    .orderBy("job_completions.id");
  query =
    "tipRunId" in selection
      ? query.where("tip_runs.id", "=", selection.tipRunId)
      : query
          .where("tip_runs.arrived_at", ">=", londonDayStart(selection.from).toISOString())
          .where(
            "tip_runs.arrived_at",
            "<",
            londonDayStart(addDaysIso(selection.to, 1)).toISOString(),
          );
  const jobs = await query.execute();
  if (jobs.length === 0) return [];
  const lines = await db()
    .selectFrom("job_waste_lines")
    .select([
      "completion_id",
      "waste_description",
      "low_code",
      "pops",
      "hazardous",
      "weight_grams",
      // the product's facts as they were on the day (0033)
      "physical_form",
      "container_type",
      "pops_source",
      "pop_codes",
      "hp_codes",
    ])
    .where(
      "completion_id",
      "in",
      jobs.map((job) => job.completion_id),
    )
    .orderBy("completion_id")
    .orderBy("sort_order")
    .execute();
  return jobs.map((job) => {
    const mine = lines.filter((line) => line.completion_id === job.completion_id);
    const carrierPostcode = postcodeAtEnd(job.carrier_address);
    const movement = {
      dateTimeReceived: job.arrived_at,
      yourUniqueReference: wtnReference(job.completion_id),
      otherReferencesForMovement: [
        ...(job.order_id ? [{ label: "Booking", reference: bookingReference(job.order_id) }] : []),
        ...(job.ticket_number
          ? [{ label: "Weighbridge ticket", reference: job.ticket_number }]
          : []),
      ],
      // Household waste carries no consignment note: said as the reason, for a hazardous code.
      ...(mine.some((line) => isHazardousCode(line.low_code))
        ? { reasonForNoConsignmentCode: "NO_DOC_WITH_WASTE" as const }
        : {}),
      wasteItems: mine.map((line) => {
        const container = line.container_type ?? "LOO";
        const popCodes = codeList(line.pop_codes ?? "");
        const hpCodes = codeList(line.hp_codes ?? "");
        return {
          ewcCodes: [ewcDigits(line.low_code)],
          wasteDescription: line.waste_description,
          physicalForm: line.physical_form ?? "Solid",
          numberOfContainers: container === "LOO" ? 0 : 1,
          typeOfContainers: container,
          weight: { metric: "Kilograms", amount: line.weight_grams / 1000, isEstimate: true },
          containsPops: line.pops === 1,
          ...(line.pops === 1
            ? {
                pops: {
                  sourceOfComponents: line.pops_source ?? "NOT_PROVIDED",
                  ...(line.pops_source && line.pops_source !== "NOT_PROVIDED"
                    ? { components: popCodes.map((code) => ({ code })) }
                    : {}),
                },
              }
            : {}),
          containsHazardous: line.hazardous === 1,
          ...(line.hazardous === 1
            ? { hazardous: { sourceOfComponents: "NOT_PROVIDED", hazCodes: hpCodes } }
            : {}),
        };
      }),
      carrier: {
        registrationNumber: job.carrier_registration,
        organisationName: job.carrier_name,
        ...(carrierPostcode
          ? { address: { fullAddress: job.carrier_address, postcode: carrierPostcode } }
          : {}),
        meansOfTransport: "Road",
        vehicleRegistration: job.vehicle_registration,
      },
      receiver: { siteName: job.site_name, authorisationNumber: job.authorisation_number },
      receipt: { address: { fullAddress: job.site_address, postcode: job.site_postcode } },
    };
    const hazardousCodes = new Set(
      mine.filter((line) => isHazardousCode(line.low_code)).map((line) => ewcDigits(line.low_code)),
    );
    const checked = checkReceiptMovement(movement, (code) => hazardousCodes.has(code), {
      handover: true,
    });
    return {
      reference: wtnReference(job.completion_id),
      movement: movement as DefraRecord["movement"],
      problems: checked.ok ? [] : checked.errors,
    };
  });
}

/** What a Defra export sends (the office's for a period, the site's hand-off for a load): `{ "movements": [...] }`, the ready records only. */
export function movementsJson(records: readonly DefraRecord[]): string {
  const movements = records.filter((r) => r.problems.length === 0).map((r) => r.movement);
  return JSON.stringify({ movements }, null, 2);
}
