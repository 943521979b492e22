import type { ComponentSource, ContainerType, PhysicalForm } from "~/lib/waste-tracking-codes";
import type { ColumnType, Generated } from "kysely";
import type { OrderContactDetails } from "~/lib/contact-details";
import type {
  BookingStatus,
  OfferStatus,
  OrderSource,
  OutboxStatus,
  PaymentClosed,
  PaymentRefused,
  PaymentMethod,
  PaymentStatus,
  Position,
  ProductCategory,
  QuoteState,
} from "~/lib/domain";
import type { CreatedAt } from "./schema-columns";
import type { BlogPostsTable, SiteContentTable } from "./schema-content";
import type { ContactMessagesTable, ContactRepliesTable } from "./schema-messages";
import type {
  CashBankingsTable,
  ReceivingSitesTable,
  TipRunJobsTable,
  TipRunsTable,
  JobCompletionsTable,
  JobPhotosTable,
  JobReceiptLinesTable,
  JobWasteLinesTable,
  PostcodePlacesTable,
  VanCrewsTable,
  VansTable,
} from "./schema-jobs";

// The database as Kysely sees it. Money columns are integer pence; dates are `YYYY-MM-DD` text
// (a Europe/London day); timestamps are ISO-8601 UTC text.

export interface UsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  created_at: CreatedAt;
  updated_at: ColumnType<string, string | undefined, string>;
  /** owner, office or crew (0034; app/lib/staff-roles.ts) */
  role: Generated<"owner" | "office" | "crew">;
  /** set when the owner disabled the account: it cannot sign in (0034) */
  disabled_at: Generated<string | null>;
  /** the name the member goes by, on the documents they sign; "" uses the username (0034) */
  full_name: Generated<string>;
}

export interface ImagesTable {
  /** sha256 of the stored bytes, hex */
  id: string;
  content_type: string;
  width: number | null;
  height: number | null;
  byte_size: number;
  bytes: Buffer;
  /** set on a resized variant: the image it was made from */
  original_id: string | null;
  created_at: CreatedAt;
}

export interface ProductsTable {
  id: Generated<number>;
  name: string;
  description: string;
  category: ProductCategory;
  price_pence: number;
  inside_dismantle_pence: number;
  inside_no_dismantle_pence: number;
  outside_pence: number;
  image_id: string;
  /** set when a product that appears in orders leaves the shop */
  retired_at: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<string, string | undefined, string>;
  /** the waste transfer note's facts (docs/rules.md#waste-classes); '' until staff give them */
  waste_description: Generated<string>;
  /** List of Wastes code, "20 03 07" or "20 01 23*"; '' until staff give one */
  low_code: Generated<string>;
  /** 1: contains persistent organic pollutants (upholstered seating) */
  pops: Generated<0 | 1>;
  /** 1: hazardous waste (always so for a code ending in *) */
  hazardous: Generated<0 | 1>;
  /** share of a van in hundredths of a cubic yard (100 = 1.00 yd³) (0013) */
  load_hundredths: Generated<number>;
  /** minutes to carry it out and load it, 1–600 (0013) */
  handling_minutes: Generated<number>;
  /** Defra's physical form of the waste (0027; docs/rules.md#waste-facts) */
  physical_form: Generated<PhysicalForm>;
  /** Defra's container code, "LOO" loose (0027) */
  container_type: Generated<ContainerType>;
  /** the estimated weight of one, grams; 0 until given (0027) */
  weight_grams: Generated<number>;
  /** how its POPs are known, a POPs product only (0027) */
  pops_source: ColumnType<
    ComponentSource | null,
    ComponentSource | null | undefined,
    ComponentSource | null
  >;
  /** the POPs it contains, Defra's codes comma-separated (0027) */
  pop_codes: Generated<string>;
  /** its hazardous properties, "HP_14,HP_6" (0027) */
  hp_codes: Generated<string>;
}

/** An order, with the customer's contact details (OrderContactDetails). */
export interface OrdersTable extends OrderContactDetails {
  id: Generated<number>;
  created_at: CreatedAt;
  updated_at: ColumnType<string, string | undefined, string>;
  collection_date: string;
  status: ColumnType<PaymentStatus, PaymentStatus | undefined, PaymentStatus>;
  booking_status: ColumnType<BookingStatus, BookingStatus | undefined, BookingStatus>;
  payment_method: PaymentMethod;
  total_pence: number;
  payment_session_id: string | null;
  checkout_token: string | null;
  source: OrderSource;
  quote_id: number | null;
  /** the priced offer an order from a quote was booked from */
  quote_offer_id: ColumnType<number | null, number | null | undefined, number | null>;
  paid_at: string | null;
  /** why an unpaid card payment ended; its slot is free again */
  payment_closed: ColumnType<
    PaymentClosed | null,
    PaymentClosed | null | undefined,
    PaymentClosed | null
  >;
  /** why a payment that arrived was refunded in full instead of booked (a quote no longer on offer, 0017) */
  payment_refused: ColumnType<
    PaymentRefused | null,
    PaymentRefused | null | undefined,
    PaymentRefused | null
  >;
  /** a keyed hash of the address a web checkout came from (never the address itself) */
  client_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** set when a payment arrived that does not match the order: staff check it */
  payment_review_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** a booking for a business: its name (null for a household) */
  business_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** the business's SIC 2007 code, five digits */
  sic_code: ColumnType<string | null, string | null | undefined, string | null>;
  /** the customer's (or staff's) words for the crew */
  notes: ColumnType<string | null, string | null | undefined, string | null>;
  /** the customer's "Manage your booking" link, made when first needed (0010) */
  manage_token: ColumnType<string | null, string | null | undefined, string | null>;
  /** when the crew said they were on their way, and when they expected to arrive (0036) */
  on_my_way_at: Generated<string | null>;
  arriving_by: Generated<string | null>;
  /** the van the booking is on (0037); null for bookings from before vans had names */
  van_id: Generated<number | null>;
  /** when the customer (or staff) cancelled the booking; NULL while it stands (0011) */
  cancelled_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** what the cancellation refunded, pence (NULL: nothing went back) */
  refund_pence: ColumnType<number | null, number | null | undefined, number | null>;
  /** the payment gateway's id of that refund */
  refund_reference: ColumnType<string | null, string | null | undefined, string | null>;
  /** a cancellation is asking the gateway for the refund (set before, cleared after) */
  cancel_started_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1: the customer asked us to collect within their 14-day cancellation period (CCR reg. 36) */
  early_start_requested: Generated<0 | 1>;
  /** the SEQUENCE of the booking's calendar event: moved on by each rearrangement and the cancellation (0012) */
  ics_sequence: Generated<number>;
  /** when the day-before reminder was written to the outbox; a rearrangement clears it */
  reminder_sent_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** the arrival window booked: morning, afternoon, evening, or any time of the day (0014) */
  arrival_window: ColumnType<
    "morning" | "afternoon" | "evening" | "any",
    "morning" | "afternoon" | "evening" | "any" | undefined,
    "morning" | "afternoon" | "evening" | "any"
  >;
  /** the "any time" discount, pence, VAT-inclusive, already off total_pence (0014) */
  window_discount_pence: Generated<number>;
  /** the extra charge for the collection's area, pence, VAT-inclusive, already in total_pence (0022) */
  area_surcharge_pence: Generated<number>;
  /** when a booking staff made was offered its card payment link (0023); null for every other order */
  payment_link_at: ColumnType<string | null, string | null | undefined, string | null>;
}

// A booked or priced line's load and handling minutes per item (0013): the product's when the
// line was made; null on a free line until staff give them.
interface LineLoadColumns {
  load_hundredths: ColumnType<number | null, number | null | undefined, number | null>;
  handling_minutes: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface OrderItemsTable extends LineLoadColumns {
  id: Generated<number>;
  order_id: number;
  product_id: number | null;
  product_name: string;
  product_description: string;
  image_id: string | null;
  /** null on a free line of an order booked from a quote */
  position: Position | null;
  unit_price_pence: number;
  quantity: number;
  /** the product's waste class when ordered; null on a free line or an order from before 0008 */
  waste_description: ColumnType<string | null, string | null | undefined, string | null>;
  low_code: ColumnType<string | null, string | null | undefined, string | null>;
  pops: ColumnType<0 | 1 | null, 0 | 1 | null | undefined, 0 | 1 | null>;
  hazardous: ColumnType<0 | 1 | null, 0 | 1 | null | undefined, 0 | 1 | null>;
}

export interface OrderEventsTable {
  id: Generated<number>;
  order_id: number;
  created_at: CreatedAt;
  field: string;
  old_value: string | null;
  new_value: string | null;
  actor: string;
}

/** A quote request, with the customer's contact details (OrderContactDetails). */
export interface QuotesTable extends OrderContactDetails {
  id: Generated<number>;
  created_at: CreatedAt;
  updated_at: ColumnType<string, string | undefined, string>;
  comments: string;
  responded: ColumnType<"yes" | "no", "yes" | "no" | undefined, "yes" | "no">;
  /** new → priced → booked | declined | withdrawn (expired: priced, past its offer's last day) */
  state: ColumnType<QuoteState, QuoteState | undefined, QuoteState>;
}

/** A price sent to the customer for a quote; a revision is a new row. */
export interface QuoteOffersTable {
  id: Generated<number>;
  quote_id: number;
  /** 1, 2…: the reference is Q<quote id>-<version> */
  version: number;
  created_at: CreatedAt;
  created_by: string;
  /** the customer's link, /quote/{token} */
  token: string;
  /** the last Europe/London day it can be booked */
  valid_until: string;
  note: ColumnType<string, string | undefined, string>;
  total_pence: number;
  status: ColumnType<OfferStatus, OfferStatus | undefined, OfferStatus>;
  decided_at: string | null;
  decline_reason: string | null;
  /** when the customer was last reminded of it from the inbox (0024) */
  nudged_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface QuoteOfferLinesTable extends LineLoadColumns {
  id: Generated<number>;
  offer_id: number;
  sort_order: number;
  /** a catalogue line's product (null on a free line, or once the product is gone) */
  product_id: number | null;
  /** a catalogue line's position; null on a free line */
  position: Position | null;
  description: string;
  /** VAT-inclusive */
  unit_price_pence: number;
  quantity: number;
}

/** A file sent with an email (the PDF quote). */
export interface OutboxAttachmentsTable {
  id: Generated<number>;
  outbox_id: number;
  filename: string;
  content_type: string;
  bytes: Buffer;
}

export interface QuoteImagesTable {
  id: Generated<number>;
  quote_id: number;
  image_id: string;
  original_filename: string | null;
  sort_order: number;
}

export interface OutboxTable {
  id: Generated<number>;
  created_at: CreatedAt;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: ColumnType<OutboxStatus, OutboxStatus | undefined, OutboxStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: string;
  last_error: string | null;
  sent_at: string | null;
  /** the email's Message-ID, fixed before its first attempt, so a resend is recognisably the same email */
  message_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** when the current attempt started (status "sending") */
  sending_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SettingsTable {
  key: string;
  value: string;
  updated_at: ColumnType<string, string | undefined, string>;
}

export interface RateLimitEventsTable {
  id: Generated<number>;
  bucket: string;
  created_at: CreatedAt;
}

/** Payment-provider webhook events already handled (a replay does nothing). */
export interface PaymentEventsTable {
  id: string;
  type: string;
  received_at: CreatedAt;
}

/** A signed-in staff member's session; the cookie holds the token, this row its sha256. */
export interface StaffSessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: CreatedAt;
  seen_at: string;
}

/** An address a staff member has signed in from. */
export interface StaffLoginSourcesTable {
  user_id: number;
  address: string;
  first_seen_at: CreatedAt;
  last_seen_at: string;
}

/** A photo of a form that came back with an error, kept for its next submission (0018). */
export interface PendingUploadsTable {
  /** an unguessable token */
  id: string;
  /** "quote:<form token>" or "job:<order id>:<staff user id>" */
  scope: string;
  field: "images" | "before" | "after";
  image_id: string;
  original_filename: string | null;
  /** the size of the file as it was sent, counted against the form's limit */
  byte_size: number;
  sort_order: number;
  created_at: CreatedAt;
}

export type BookingChangeStatus = "pending" | "applied" | "closed" | "refunded";

/** A rearrangement of a booking: free ones are applied at once, others after their fee is paid (0012). */
export interface BookingChangesTable {
  id: Generated<number>;
  order_id: number;
  from_date: string;
  to_date: string;
  /** the window the change moves to; NULL keeps the booking's (0014) */
  to_window: ColumnType<
    "morning" | "afternoon" | "evening" | "any" | null,
    "morning" | "afternoon" | "evening" | "any" | null | undefined,
    "morning" | "afternoon" | "evening" | "any" | null
  >;
  /** the policy's fee, pence including VAT (0: free) */
  fee_pence: number;
  /** changeTerms's basis: free, within-14-days, on-the-day */
  basis: string;
  status: BookingChangeStatus;
  /** the fee's payment at the gateway (NULL for a free change) */
  payment_session_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** the refund of a fee whose new day filled while it was paid */
  refund_reference: ColumnType<string | null, string | null | undefined, string | null>;
  /** "customer", or the staff user's name */
  actor: string;
  created_at: Generated<string>;
  finished_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Work that must happen at a time, claimed by one runner, done once (0012). */
export interface ScheduledJobsTable {
  id: Generated<number>;
  kind: string;
  /** what the job is about (a day, an order): one row per kind and key */
  job_key: string;
  /** ISO instant, UTC */
  run_at: string;
  state: Generated<"due" | "done" | "failed">;
  attempts: Generated<number>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Generated<string>;
  done_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Vans working on a weekday, Sunday 0 (0013). */
export interface FleetDaysTable {
  weekday: number;
  vans: number;
}

/** A day the business takes no collections (0013). */
export interface BlockedDaysTable {
  /** YYYY-MM-DD, a day in Europe/London */
  day: string;
  reason: string;
  /** the staff user's name */
  created_by: string;
  created_at: CreatedAt;
}

/** A day's van count where it differs from its weekday's (0013). */
export interface DayOverridesTable {
  day: string;
  vans: number;
  reason: Generated<string>;
  created_by: string;
  created_at: CreatedAt;
}

/** The home page's figures and reviews (0019; app/lib/site-content.ts says what each column holds). */
/** The generation of what the cached public pages show: one row, moved on by trigger (0015). */
export interface SharedPagesVersionTable {
  id: number;
  version: number;
}

export interface DB {
  users: UsersTable;
  images: ImagesTable;
  products: ProductsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_events: OrderEventsTable;
  quotes: QuotesTable;
  quote_images: QuoteImagesTable;
  quote_offers: QuoteOffersTable;
  quote_offer_lines: QuoteOfferLinesTable;
  contact_messages: ContactMessagesTable;
  contact_replies: ContactRepliesTable;
  outbox: OutboxTable;
  outbox_attachments: OutboxAttachmentsTable;
  settings: SettingsTable;
  rate_limit_events: RateLimitEventsTable;
  payment_events: PaymentEventsTable;
  staff_sessions: StaffSessionsTable;
  staff_login_sources: StaffLoginSourcesTable;
  job_completions: JobCompletionsTable;
  job_waste_lines: JobWasteLinesTable;
  job_receipt_lines: JobReceiptLinesTable;
  job_photos: JobPhotosTable;
  cash_bankings: CashBankingsTable;
  receiving_sites: ReceivingSitesTable;
  tip_runs: TipRunsTable;
  tip_run_jobs: TipRunJobsTable;
  postcode_places: PostcodePlacesTable;
  pending_uploads: PendingUploadsTable;
  booking_changes: BookingChangesTable;
  scheduled_jobs: ScheduledJobsTable;
  fleet_days: FleetDaysTable;
  vans: VansTable;
  van_crews: VanCrewsTable;
  blocked_days: BlockedDaysTable;
  day_overrides: DayOverridesTable;
  shared_pages_version: SharedPagesVersionTable;
  site_content: SiteContentTable;
  blog_posts: BlogPostsTable;
}
