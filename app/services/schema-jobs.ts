import type { ColumnType, Generated } from "kysely";
import type { PaymentMethod } from "~/lib/domain";
import type { CreatedAt } from "./schema-columns";

// A job's completion: the waste transfer note's and the receipt's facts, as they were (0009, 0025).

/** A completed job: the facts of the transfer and the money, as they were (0009). */
export interface JobCompletionsTable {
  id: Generated<number>;
  /** null once the order is deleted: the note is kept two years regardless */
  order_id: number | null;
  receipt_number: number;
  photo_token: string;
  completed_at: CreatedAt;
  /** ISO instant of the transfer */
  transferred_at: string;
  /** the tax point: the collection day */
  collection_date: string;
  handed_over_by: string;
  crew_name: string;
  crew_user_id: number | null;
  /** how the waste was contained, e.g. "Loose, loaded by hand" */
  containment: string;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  address_1: string;
  town: string;
  postcode: string;
  business_name: string | null;
  sic_code: string | null;
  carrier_name: string;
  carrier_address: string;
  /** the waste carrier registration (CBDU…) */
  carrier_registration: string;
  /** empty when not VAT registered */
  vat_number: string;
  vat_rate_percent: number;
  total_pence: number;
  payment_method: PaymentMethod;
  /** cash or a transfer taken on the day by the crew */
  payment_collected: "cash_payment" | "bank_transfer" | null;
  /** what the crew added on the day, pence, already in total_pence (0025) */
  extras_pence: Generated<number>;
  /** 'cash_payment': the extras were taken in cash on the spot; null while due (0025) */
  extras_taken: ColumnType<
    "cash_payment" | null,
    "cash_payment" | null | undefined,
    "cash_payment" | null
  >;
  /** when the customer was sent the booking's page to pay the extras by card; null otherwise (0026) */
  extras_link_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** the gateway session last opened to pay the extras (0026) */
  extras_session_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** when the extras were paid by card from that link (0026) */
  extras_paid_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** the van's registration as the crew gave it; null when not given (0031) */
  vehicle_registration: ColumnType<string | null, string | null | undefined, string | null>;
  /** how the job was paid, as the receipt prints it ("Paid by card on 3 December 2026") */
  payment_note: Generated<string>;
  /** YYYY-MM-DD: two years after the transfer */
  keep_until: string;
}

/** One line of a waste transfer note. */
export interface JobWasteLinesTable {
  id: Generated<number>;
  completion_id: number;
  sort_order: number;
  source: "booked" | "catalogue" | "free";
  product_id: number | null;
  name: string;
  waste_description: string;
  low_code: string;
  pops: 0 | 1;
  hazardous: 0 | 1;
  quantity: number;
  /** the whole line's estimated weight, grams; 0 when nobody knew (0029) */
  weight_grams: Generated<number>;
  /** the product's waste facts on the day (0033); null on a line with no product */
  physical_form: Generated<string | null>;
  container_type: Generated<string | null>;
  pops_source: Generated<string | null>;
  pop_codes: Generated<string | null>;
  hp_codes: Generated<string | null>;
}

/** One line of a receipt (VAT-inclusive pence). */
export interface JobReceiptLinesTable {
  id: Generated<number>;
  completion_id: number;
  sort_order: number;
  description: string;
  detail: string | null;
  quantity: number;
  unit_price_pence: number;
}

export interface JobPhotosTable {
  id: Generated<number>;
  completion_id: number;
  kind: "before" | "after";
  image_id: string;
  sort_order: number;
}

/** Cash the office paid in to the bank (0026; docs/rules.md#takings). */
export interface CashBankingsTable {
  id: Generated<number>;
  /** YYYY-MM-DD, the London day it was paid in */
  banked_on: string;
  amount_pence: number;
  /** the paying-in slip's reference, or a word about it */
  note: Generated<string>;
  created_by: string;
  created_at: CreatedAt;
}

/** A tip, transfer station or recycling centre the vans take waste to (0028; docs/rules.md#tip-sites). */
export interface ReceivingSitesTable {
  id: Generated<number>;
  name: string;
  address: string;
  postcode: string;
  /** its permit or exemption number, in one of Defra's UK formats */
  authorisation_number: string;
  created_at: CreatedAt;
  updated_at: ColumnType<string, string | undefined, string>;
  /** when the office stopped using it; null while in use */
  retired_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A load taken to a receiving site (0030; docs/rules.md#tip-runs). */
export interface TipRunsTable {
  id: Generated<number>;
  site_id: number;
  /** ISO instant the load arrived */
  arrived_at: string;
  vehicle_registration: string;
  /** the weighbridge's weights, grams (gross and tare when the ticket gives them) */
  gross_grams: number | null;
  tare_grams: number | null;
  net_grams: number;
  ticket_number: Generated<string>;
  gate_fee_pence: number;
  recorded_by: string;
  created_at: CreatedAt;
  /** the secret address of the run's Defra records for the receiving site (0032) */
  handoff_token: string | null;
  /** the weighbridge ticket's photo, when one was taken (0032) */
  ticket_image_id: string | null;
}

/** A job whose waste was on a tip run, with its share of the gate fee (0030). */
export interface TipRunJobsTable {
  tip_run_id: number;
  /** unique: a job's waste is delivered once */
  completion_id: number;
  cost_pence: number;
}

/** Where a postcode is, looked up once and kept (0035); no place when the lookup did not know it. */
export interface PostcodePlacesTable {
  /** as Royal Mail writes it: "SW1A 2AA" */
  postcode: string;
  /** its centre in millionths of a degree */
  lat_micro: number | null;
  lng_micro: number | null;
  looked_up_at: string;
}

/** The fleet's vans, in the order they go out (0037). */
export interface VansTable {
  id: Generated<number>;
  /** the order the vans go out in: a day with N vans sends the first N */
  out_order: number;
  name: string;
  registration: string | null;
  created_at: Generated<string>;
}

/** Who crews a van on a day: one van a person a day (0037). */
export interface VanCrewsTable {
  day: string;
  user_id: number;
  van_id: number;
}
