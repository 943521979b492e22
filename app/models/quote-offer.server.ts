import type { Kysely } from "kysely";
import { addDaysIso } from "~/lib/calendar";
import type { OfferStatus, Position } from "~/lib/domain";
import type { FieldErrors } from "~/lib/forms";
import { formatLongDate, formatPence } from "~/lib/format";
import { parsePounds } from "~/lib/money";
import { todayInLondon } from "~/lib/london-clock.server";
import { isPosition, POSITION_LABELS, unitPricePence } from "~/lib/positions";
import { vatIncluded } from "~/lib/vat";
import { config } from "~/services/config.server";
import { db, type DB } from "~/services/db.server";
import { isUniqueViolation, lockKeys } from "~/services/dialect.server";
import { quotePdf, type QuoteDocumentInput } from "~/documents/quote.server";
import { wasBooked } from "./booking.server";
import { findByCustomerLink, newLinkToken } from "./customer-link.server";
import { quoteDeclinedEmail, quoteOfferEmail } from "./quote-emails.server";
import { enqueueEmail } from "./outbox.server";
import { orderLoad, type Load } from "~/lib/capacity";
import { getProductsByIds, listAllProducts } from "./product.server";
import { parseHandlingMinutes, parseLoadYards } from "./product-form.server";
import { MAX_QUOTE_LINES, priceFormRows, START_ROWS } from "~/lib/quote-price-form";
import { DECLINE_REASON_MAX } from "~/lib/quote-state";
import { closeQuotePayments } from "./quote-payments.server";
import { getSetting, vatRatePercent } from "./settings.server";

/**
 * Priced quotes (docs/decisions/019-priced-quotes.md): staff price a quote
 * request with catalogue lines and free lines, which sends the customer an
 * offer with a link, /quote/{token}. Each price sent is an offer; a revision
 * is a new offer and the old one is "replaced". The quote's state follows its
 * latest offer: new → priced → booked | declined | withdrawn, and "expired"
 * is a priced quote past its offer's last day (worked out, never stored).
 */

/** Days a price holds when staff do not say (setting `quote_valid_days`). */
export const DEFAULT_QUOTE_VALID_DAYS = 14;
const MAX_VALID_DAYS = 90;
const MAX_LINE_PENCE = 1_000_000;
const MAX_TOTAL_PENCE = 5_000_000;
const MAX_NOTE = 2000;
const MAX_DESCRIPTION = 200;
/** Control characters (C0, DEL, C1); a note may keep line breaks. */
const CONTROL = /[^\P{Cc}\n\r]/u;
const CONTROL_IN_LINE = /\p{Cc}/u;

export async function quoteValidDays(): Promise<number> {
  const days = Number(await getSetting("quote_valid_days"));
  return Number.isSafeInteger(days) && days >= 1 && days <= MAX_VALID_DAYS
    ? days
    : DEFAULT_QUOTE_VALID_DAYS;
}

/** The reference on the email, the PDF and the page: Q<quote>-<version>. */
export const offerReference = (quoteId: number, version: number) => `Q${quoteId}-${version}`;

// ---------------------------------------------------------------------------
// The price form

export interface PricedLine {
  productId: number | null;
  position: Position | null;
  description: string;
  /** VAT-inclusive */
  unitPricePence: number;
  quantity: number;
  /**
   * The line's load, hundredths of a cubic yard each (docs/rules.md#capacity-by-load): a catalogue
   * line's product's at pricing, a free line's as staff gave it. Null on an offer priced before
   * lines kept their load (a catalogue line then takes its product's, a free line counts 0).
   */
  loadHundredths: number | null;
  /** crew minutes each, as the load */
  handlingMinutes: number | null;
}

export interface QuotePrice {
  lines: PricedLine[];
  totalPence: number;
  vatPence: number;
  vatRatePercent: number;
  validDays: number;
  /** the last day the offer can be booked (Europe/London) */
  validUntil: string;
  note: string;
}

export type PriceCheck =
  { ok: true; price: QuotePrice } | { ok: false; message: string; errors: FieldErrors };

const PRICE_FAILED = "Please check the lines marked below.";

/**
 * A free line's load and crew minutes are checked as a product's are (product-form.server.ts),
 * in the price form's words where the product form's name another field.
 */
const FREE_LOAD_MESSAGES: Record<string, string> = {
  "Please enter the load in cubic yards": "Enter the load in cubic yards, such as 0.5 or 2",
};
const FREE_MINUTES_MESSAGES: Record<string, string> = {
  "Please enter the handling minutes": "Enter the crew minutes, such as 20",
  "Please enter the handling minutes as a whole number, such as 15":
    "Enter the crew minutes as a whole number, such as 20",
  "Handling minutes must be between 1 and 600": "Crew minutes must be between 1 and 600",
};

function quantityOf(text: string | undefined): number | null {
  const trimmed = (text ?? "").trim();
  if (trimmed === "") return 1;
  const n = Number(trimmed);
  return Number.isSafeInteger(n) && n >= 1 && n <= 99 ? n : null;
}

/**
 * Checks the price form (field names: c<i>_product, c<i>_position,
 * c<i>_quantity for catalogue rows; f<i>_description, f<i>_price,
 * f<i>_quantity, f<i>_load (cubic yards), f<i>_minutes (crew minutes) for
 * free rows; valid_days; note) and prices it: catalogue lines as the shop
 * prices them today, with their product's load; free lines as typed, with the
 * load staff give them (required: the calendar needs it). Blank rows are left
 * out. The one rule for a quote's price, tested as a table.
 */
export async function checkQuotePrice(
  values: Record<string, string>,
  now = new Date(),
): Promise<PriceCheck> {
  const rows = priceFormRows(values);
  const errors: FieldErrors = {};
  const lines: PricedLine[] = [];

  const productIds: number[] = [];
  for (let i = 0; i < rows.catalogue; i++) {
    const id = Number(values[`c${i}_product`]);
    if (values[`c${i}_product`] && Number.isSafeInteger(id)) productIds.push(id);
  }
  const products = await getProductsByIds(productIds);

  for (let i = 0; i < rows.catalogue; i++) {
    const chosen = values[`c${i}_product`] ?? "";
    if (!chosen) continue;
    const product = products.get(Number(chosen));
    const position = values[`c${i}_position`];
    const quantity = quantityOf(values[`c${i}_quantity`]);
    if (!product) errors[`c${i}_product`] = "That item is no longer in the shop: choose another";
    else if (!isPosition(position)) errors[`c${i}_position`] = "Choose where the item is";
    if (quantity === null) errors[`c${i}_quantity`] = "Enter a quantity from 1 to 99";
    if (product && isPosition(position) && quantity !== null)
      lines.push({
        productId: product.id,
        position,
        description: product.name,
        unitPricePence: unitPricePence(product, position),
        quantity,
        loadHundredths: product.loadHundredths,
        handlingMinutes: product.handlingMinutes,
      });
  }

  for (let i = 0; i < rows.free; i++) {
    const description = (values[`f${i}_description`] ?? "").trim();
    const priceText = values[`f${i}_price`] ?? "";
    const loadText = (values[`f${i}_load`] ?? "").trim();
    const minutesText = (values[`f${i}_minutes`] ?? "").trim();
    if (!description && !priceText.trim() && !loadText && !minutesText) continue;
    const price = parsePounds(priceText);
    const quantity = quantityOf(values[`f${i}_quantity`]);
    const load = parseLoadYards(loadText);
    const minutes = parseHandlingMinutes(minutesText);
    if (!description) errors[`f${i}_description`] = "Describe the work";
    else if (description.length > MAX_DESCRIPTION)
      errors[`f${i}_description`] = `Keep it under ${MAX_DESCRIPTION} characters`;
    else if (CONTROL_IN_LINE.test(description))
      errors[`f${i}_description`] = "Please retype this: it contains a hidden control character";
    if (price === null) errors[`f${i}_price`] = "Enter a price in pounds, such as 85 or 85.50";
    else if (price > MAX_LINE_PENCE) errors[`f${i}_price`] = "Please check the price";
    if (quantity === null) errors[`f${i}_quantity`] = "Enter a quantity from 1 to 99";
    if (!load.ok) errors[`f${i}_load`] = FREE_LOAD_MESSAGES[load.error] ?? load.error;
    if (!minutes.ok)
      errors[`f${i}_minutes`] = FREE_MINUTES_MESSAGES[minutes.error] ?? minutes.error;
    if (
      !errors[`f${i}_description`] &&
      price !== null &&
      quantity !== null &&
      load.ok &&
      minutes.ok
    )
      lines.push({
        productId: null,
        position: null,
        description,
        unitPricePence: price,
        quantity,
        loadHundredths: load.value,
        handlingMinutes: minutes.value,
      });
  }

  const daysText = (values.valid_days ?? "").trim();
  const validDays = daysText === "" ? await quoteValidDays() : Number(daysText);
  if (!Number.isSafeInteger(validDays) || validDays < 1 || validDays > MAX_VALID_DAYS)
    errors.valid_days = `Enter a number of days from 1 to ${MAX_VALID_DAYS}`;
  const note = (values.note ?? "").trim();
  if (note.length > MAX_NOTE) errors.note = `Keep the note under ${MAX_NOTE} characters`;
  else if (CONTROL.test(note))
    errors.note = "Please retype the note: it contains a hidden control character";

  if (Object.keys(errors).length > 0) return { ok: false, message: PRICE_FAILED, errors };
  if (lines.length === 0)
    return {
      ok: false,
      message: "Add at least one line: an item from the catalogue or a line of your own.",
      errors: { lines: "Add at least one line" },
    };
  if (lines.length > MAX_QUOTE_LINES)
    return {
      ok: false,
      message: `A quote can have at most ${MAX_QUOTE_LINES} lines.`,
      errors: { lines: "Too many lines" },
    };
  const totalPence = lines.reduce((sum, l) => sum + l.unitPricePence * l.quantity, 0);
  if (totalPence <= 0)
    return {
      ok: false,
      message: "The quote's total must be more than £0.00.",
      errors: { lines: "The total is £0.00" },
    };
  if (totalPence > MAX_TOTAL_PENCE)
    return {
      ok: false,
      message: `A quote's total can be at most ${formatPence(MAX_TOTAL_PENCE)}.`,
      errors: { lines: "The total is too high" },
    };
  const rate = await vatRatePercent();
  return {
    ok: true,
    price: {
      lines,
      totalPence,
      vatPence: vatIncluded(totalPence, rate),
      vatRatePercent: rate,
      validDays,
      validUntil: addDaysIso(todayInLondon(now), validDays),
      note,
    },
  };
}

/** Hundredths of a cubic yard as the price form takes them: "2", "0.5", "1.25". */
const yardsText = (hundredths: number) =>
  (hundredths / 100).toFixed(2).replace(/\.?0+$/, "") || "0";

/** The form's values for a quote's current offer, to revise it (or an empty form). */
export async function priceFormValues(quoteId: number): Promise<Record<string, string>> {
  const offer = await currentOffer(quoteId);
  if (!offer) return { valid_days: String(await quoteValidDays()) };
  const lines = await offerLines(offer.id);
  const catalogue = lines.filter((l) => l.position);
  const free = lines.filter((l) => !l.position);
  const values: Record<string, string> = {
    catalogue_rows: String(Math.max(START_ROWS.catalogue, catalogue.length + 1)),
    free_rows: String(Math.max(START_ROWS.free, free.length + 1)),
    valid_days: String(await quoteValidDays()),
    note: offer.note,
  };
  catalogue.forEach((l, i) => {
    values[`c${i}_product`] = l.product_id ? String(l.product_id) : "";
    values[`c${i}_position`] = l.position ?? "";
    values[`c${i}_quantity`] = String(l.quantity);
  });
  free.forEach((l, i) => {
    values[`f${i}_description`] = l.description;
    values[`f${i}_price`] = (l.unit_price_pence / 100).toFixed(2);
    values[`f${i}_quantity`] = String(l.quantity);
    values[`f${i}_load`] = l.load_hundredths === null ? "" : yardsText(l.load_hundredths);
    values[`f${i}_minutes`] = l.handling_minutes === null ? "" : String(l.handling_minutes);
  });
  return values;
}

// ---------------------------------------------------------------------------
// Offers

/** The customer's page for an offer. */
export const offerPath = (token: string) => `/quote/${token}`;

/** A quote's latest offer (any status), or undefined when it was never priced. */
export async function currentOffer(quoteId: number, executor: Kysely<DB> = db()) {
  return executor
    .selectFrom("quote_offers")
    .selectAll()
    .where("quote_id", "=", quoteId)
    .orderBy("version", "desc")
    .limit(1)
    .executeTakeFirst();
}

export function offerLines(offerId: number, executor: Kysely<DB> = db()) {
  return executor
    .selectFrom("quote_offer_lines")
    .select([
      "product_id",
      "position",
      "description",
      "unit_price_pence",
      "quantity",
      "load_hundredths",
      "handling_minutes",
    ])
    .where("offer_id", "=", offerId)
    .orderBy("sort_order")
    .execute();
}

export interface SentOffer {
  offerId: number;
  quoteId: number;
  version: number;
  token: string;
  reference: string;
  createdAt: string;
}

export type SendResult =
  | { ok: true; offer: SentOffer; replaced: boolean; emailId: number }
  | { ok: false; status: 400 | 404 | 409; message: string; errors: FieldErrors };

const BOOKED_CANNOT_CHANGE = "This quote is already booked, so its price cannot change.";
const PRICED_MEANWHILE =
  "Someone else has just priced this quote. Reload the page to see their price.";

/**
 * Staff price a quote, or revise its price: the form is checked and priced
 * and the PDF made, then in one transaction (holding the quote's lock) the
 * new offer and its lines are written, an offer still open becomes
 * "replaced", the quote becomes "priced" (responded: yes), and the
 * customer's email with the PDF joins the outbox. A booked quote cannot be
 * priced again.
 */
export async function sendQuotePrice(
  quoteId: number,
  values: Record<string, string>,
  actor: string,
  now = new Date(),
): Promise<SendResult> {
  const checked = await checkQuotePrice(values, now);
  if (!checked.ok)
    return { ok: false, status: 400, message: checked.message, errors: checked.errors };
  const { price } = checked;
  const quote = await db()
    .selectFrom("quotes")
    .select(["id", "state", "full_name", "email", "phone_number", "address_1", "town", "postcode"])
    .where("id", "=", quoteId)
    .executeTakeFirst();
  if (!quote) return { ok: false, status: 404, message: "Quote not found", errors: {} };
  if (quote.state === "booked")
    return { ok: false, status: 409, message: BOOKED_CANNOT_CHANGE, errors: {} };
  // The PDF is made before the transaction (it takes tens of milliseconds): its
  // version is checked again inside, under the quote's lock.
  const version = ((await currentOffer(quoteId))?.version ?? 0) + 1;
  const token = newLinkToken();
  const createdAt = now.toISOString();
  const offer: SentOffer = {
    offerId: 0,
    quoteId,
    version,
    token,
    reference: offerReference(quoteId, version),
    createdAt,
  };
  const link = `${config().publicUrl}${offerPath(token)}`;
  const pdf = await quotePdf(quoteDocumentInput(offer, price, quote, link));
  try {
    const sent = await db()
      .transaction()
      .execute(async (trx): Promise<SendResult> => {
        await lockKeys(trx, [`quote:${quoteId}`]);
        const state = await trx
          .selectFrom("quotes")
          .select("state")
          .where("id", "=", quoteId)
          .executeTakeFirst();
        if (!state) return { ok: false, status: 404, message: "Quote not found", errors: {} };
        if (state.state === "booked")
          return { ok: false, status: 409, message: BOOKED_CANNOT_CHANGE, errors: {} };
        const previous = await currentOffer(quoteId, trx);
        if ((previous?.version ?? 0) + 1 !== version)
          return { ok: false, status: 409, message: PRICED_MEANWHILE, errors: {} };
        const row = await trx
          .insertInto("quote_offers")
          .values({
            quote_id: quoteId,
            version,
            created_at: createdAt,
            created_by: actor,
            token,
            valid_until: price.validUntil,
            note: price.note,
            total_pence: price.totalPence,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await trx
          .insertInto("quote_offer_lines")
          .values(
            price.lines.map((line, i) => ({
              offer_id: row.id,
              sort_order: i,
              product_id: line.productId,
              position: line.position,
              description: line.description,
              unit_price_pence: line.unitPricePence,
              quantity: line.quantity,
              load_hundredths: line.loadHundredths,
              handling_minutes: line.handlingMinutes,
            })),
          )
          .execute();
        const replaced = await trx
          .updateTable("quote_offers")
          .set({ status: "replaced", decided_at: createdAt })
          .where("quote_id", "=", quoteId)
          .where("id", "<>", row.id)
          .where("status", "=", "sent")
          .executeTakeFirst();
        await trx
          .updateTable("quotes")
          .set({ state: "priced", responded: "yes", updated_at: createdAt })
          .where("id", "=", quoteId)
          .execute();
        const sent = { ...offer, offerId: row.id };
        const emailId = await enqueueEmail(
          trx,
          quoteOfferEmail({ ...sent, link, price, customer: quote }, pdf),
        );
        return {
          ok: true,
          offer: sent,
          replaced: Number(replaced.numUpdatedRows) > 0,
          emailId,
        };
      });
    // A revision closes any payment still open for the earlier price.
    if (sent.ok) await closeQuotePayments(quoteId);
    return sent;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return { ok: false, status: 409, message: PRICED_MEANWHILE, errors: {} };
  }
}

/** What the PDF quote says: the offer, its lines and the customer's details. */
export function quoteDocumentInput(
  offer: Pick<SentOffer, "reference" | "createdAt">,
  price: Pick<QuotePrice, "lines" | "totalPence" | "vatRatePercent" | "validUntil" | "note">,
  customer: {
    full_name: string;
    email: string;
    phone_number: string;
    address_1: string;
    town: string;
    postcode: string;
  },
  link: string,
): QuoteDocumentInput {
  return {
    reference: offer.reference,
    issuedOn: todayInLondon(new Date(offer.createdAt)),
    validUntil: price.validUntil,
    customer: {
      name: customer.full_name,
      addressLines: [customer.address_1, customer.town, customer.postcode],
      email: customer.email,
      phone: customer.phone_number,
    },
    lines: price.lines.map((line) => ({
      description: line.description,
      detail: line.position ? POSITION_LABELS[line.position] : null,
      quantity: line.quantity,
      unitPricePence: line.unitPricePence,
    })),
    totalPence: price.totalPence,
    vatRatePercent: price.vatRatePercent,
    note: price.note || null,
    link,
    createdAt: new Date(offer.createdAt),
  };
}

/** Staff withdraw a quote's open price: its link then says so. False when there is none. */
export async function withdrawQuotePrice(quoteId: number, actor: string): Promise<boolean> {
  const withdrawn = await db()
    .transaction()
    .execute(async (trx) => {
      await lockKeys(trx, [`quote:${quoteId}`]);
      const now = new Date().toISOString();
      const withdrawn = await trx
        .updateTable("quote_offers")
        .set({ status: "withdrawn", decided_at: now, decline_reason: `withdrawn by ${actor}` })
        .where("quote_id", "=", quoteId)
        .where("status", "=", "sent")
        .executeTakeFirst();
      if (Number(withdrawn.numUpdatedRows) === 0) return false;
      await trx
        .updateTable("quotes")
        .set({ state: "withdrawn", updated_at: now })
        .where("id", "=", quoteId)
        .execute();
      return true;
    });
  if (withdrawn) await closeQuotePayments(quoteId);
  return withdrawn;
}

// ---------------------------------------------------------------------------
// The customer's link (looked up, and its misses counted, in customer-link.server.ts)

export interface OfferView {
  reference: string;
  quoteId: number;
  offerId: number;
  token: string;
  createdAt: string;
  issuedOn: string;
  validUntil: string;
  note: string;
  totalPence: number;
  vatPence: number;
  vatRatePercent: number;
  vatRegistered: boolean;
  customer: {
    fullName: string;
    email: string;
    phoneNumber: string;
    address1: string;
    town: string;
    postcode: string;
  };
  lines: PricedLine[];
  photos: { id: string; width: number | null; height: number | null }[];
}

export type CustomerQuote =
  | { kind: "unknown" }
  | { kind: "open"; offer: OfferView }
  | { kind: "expired"; reference: string; validUntil: string }
  | { kind: "replaced"; reference: string; newerPath: string | null }
  | { kind: "withdrawn"; reference: string }
  | { kind: "declined"; reference: string }
  | {
      kind: "booked";
      reference: string;
      orderId: number | null;
      collectionDate: string | null;
      paymentSessionId: string | null;
    };

/**
 * What a quote link shows: the open offer with its lines and photos, or why it
 * can no longer be booked. Only the holder of the link gets this far.
 */
export async function quoteForCustomer(token: string, now = new Date()): Promise<CustomerQuote> {
  const offerId = await findByCustomerLink("quote", token);
  if (offerId === undefined) return { kind: "unknown" };
  const offer = await db()
    .selectFrom("quote_offers")
    .innerJoin("quotes", "quotes.id", "quote_offers.quote_id")
    .select([
      "quote_offers.id",
      "quote_offers.quote_id",
      "quote_offers.version",
      "quote_offers.created_at",
      "quote_offers.valid_until",
      "quote_offers.note",
      "quote_offers.total_pence",
      "quote_offers.status",
      "quotes.full_name",
      "quotes.email",
      "quotes.phone_number",
      "quotes.address_1",
      "quotes.town",
      "quotes.postcode",
    ])
    .where("quote_offers.id", "=", offerId)
    .executeTakeFirst();
  if (!offer) return { kind: "unknown" };
  const reference = offerReference(offer.quote_id, offer.version);
  switch (offer.status as OfferStatus) {
    case "replaced": {
      const newer = await currentOffer(offer.quote_id);
      const live = newer && newer.id !== offer.id && newer.status === "sent";
      return { kind: "replaced", reference, newerPath: live ? offerPath(newer.token) : null };
    }
    case "withdrawn":
      return { kind: "withdrawn", reference };
    case "declined":
      return { kind: "declined", reference };
    case "booked": {
      const order = await db()
        .selectFrom("orders")
        .select(["id", "collection_date", "payment_session_id"])
        .where("quote_offer_id", "=", offer.id)
        .where(wasBooked)
        .orderBy("id")
        .executeTakeFirst();
      return {
        kind: "booked",
        reference,
        orderId: order?.id ?? null,
        collectionDate: order?.collection_date ?? null,
        paymentSessionId: order?.payment_session_id ?? null,
      };
    }
    case "sent":
      break;
  }
  if (offer.valid_until < todayInLondon(now))
    return { kind: "expired", reference, validUntil: offer.valid_until };
  const [lines, photos, rate] = await Promise.all([
    offerLines(offer.id),
    db()
      .selectFrom("quote_images")
      .innerJoin("images", "images.id", "quote_images.image_id")
      .select(["images.id", "images.width", "images.height"])
      .where("quote_images.quote_id", "=", offer.quote_id)
      .where("images.content_type", "=", "image/jpeg")
      .orderBy("quote_images.sort_order")
      .execute(),
    vatRatePercent(),
  ]);
  const vatRegistered = config().business.vatNumber !== "";
  return {
    kind: "open",
    offer: {
      reference,
      quoteId: offer.quote_id,
      offerId: offer.id,
      token,
      createdAt: offer.created_at,
      issuedOn: todayInLondon(new Date(offer.created_at)),
      validUntil: offer.valid_until,
      note: offer.note,
      totalPence: offer.total_pence,
      vatPence: vatRegistered ? vatIncluded(offer.total_pence, rate) : 0,
      vatRatePercent: rate,
      vatRegistered,
      customer: {
        fullName: offer.full_name,
        email: offer.email,
        phoneNumber: offer.phone_number,
        address1: offer.address_1,
        town: offer.town,
        postcode: offer.postcode,
      },
      lines: lines.map((l) => ({
        productId: l.product_id,
        position: l.position,
        description: l.description,
        unitPricePence: l.unit_price_pence,
        quantity: l.quantity,
        loadHundredths: l.load_hundredths,
        handlingMinutes: l.handling_minutes,
      })),
      photos,
    },
  };
}

/**
 * Each offer line's load as it is booked: the load the line kept at pricing; for an offer priced
 * before lines kept one, a catalogue line's product's today (a free line then counts 0).
 */
export async function offerLineLoads(
  lines: readonly Pick<PricedLine, "productId" | "loadHundredths" | "handlingMinutes">[],
): Promise<{ loadHundredths: number | null; handlingMinutes: number | null }[]> {
  const missing = lines.flatMap((l) =>
    l.productId !== null && (l.loadHundredths === null || l.handlingMinutes === null)
      ? [l.productId]
      : [],
  );
  const products = missing.length > 0 ? await getProductsByIds(missing) : new Map();
  return lines.map((line) => {
    const product = line.productId === null ? undefined : products.get(line.productId);
    return {
      loadHundredths: line.loadHundredths ?? product?.loadHundredths ?? null,
      handlingMinutes: line.handlingMinutes ?? product?.handlingMinutes ?? null,
    };
  });
}

/** What an offer's collection takes of a day: its lines' loads (offerLineLoads) added up. */
export async function offerNeed(
  lines: readonly Pick<
    PricedLine,
    "productId" | "quantity" | "loadHundredths" | "handlingMinutes"
  >[],
): Promise<Load> {
  const loads = await offerLineLoads(lines);
  return orderLoad(lines.map((line, i) => ({ quantity: line.quantity, ...loads[i]! })));
}

/** A photo of an open or booked offer's quote, for the holder of its link; undefined otherwise. */
export async function offerPhoto(token: string, imageId: string) {
  if (!/^[0-9a-f]{64}$/.test(imageId)) return undefined;
  const offerId = await findByCustomerLink("quote", token);
  if (offerId === undefined) return undefined;
  return db()
    .selectFrom("quote_offers")
    .innerJoin("quote_images", "quote_images.quote_id", "quote_offers.quote_id")
    .innerJoin("images", "images.id", "quote_images.image_id")
    .select(["images.id", "images.content_type", "images.bytes"])
    .where("quote_offers.id", "=", offerId)
    .where("quote_offers.status", "in", ["sent", "booked"])
    .where("images.id", "=", imageId)
    .executeTakeFirst();
}

export type DeclineResult =
  { ok: true; reference: string; quoteId: number } | { ok: false; message: string };

/**
 * The customer declines an open offer, with an optional reason; staff are
 * told by an email written in the same transaction.
 */
export async function declineOffer(
  token: string,
  reasonText: string,
  now = new Date(),
): Promise<DeclineResult> {
  const reason = reasonText.trim();
  if (reason.length > DECLINE_REASON_MAX)
    return {
      ok: false,
      message: `Please keep your reason under ${DECLINE_REASON_MAX} characters.`,
    };
  if (CONTROL.test(reason))
    return {
      ok: false,
      message: "Please retype your reason: it contains a hidden control character.",
    };
  const shown = await quoteForCustomer(token, now);
  if (shown.kind !== "open") return { ok: false, message: closedOfferMessage(shown) };
  const { offer } = shown;
  const declined = await db()
    .transaction()
    .execute(async (trx): Promise<DeclineResult> => {
      await lockKeys(trx, [`quote:${offer.quoteId}`]);
      const at = now.toISOString();
      const declined = await trx
        .updateTable("quote_offers")
        .set({ status: "declined", decided_at: at, decline_reason: reason || null })
        .where("id", "=", offer.offerId)
        .where("status", "=", "sent")
        .executeTakeFirst();
      if (Number(declined.numUpdatedRows) === 0)
        return { ok: false, message: "This quote has just changed. Please reload the page." };
      await trx
        .updateTable("quotes")
        .set({ state: "declined", updated_at: at })
        .where("id", "=", offer.quoteId)
        .execute();
      await enqueueEmail(
        trx,
        quoteDeclinedEmail({
          quoteId: offer.quoteId,
          reference: offer.reference,
          reason,
          customerName: offer.customer.fullName,
          totalPence: offer.totalPence,
        }),
      );
      return { ok: true, reference: offer.reference, quoteId: offer.quoteId };
    });
  // A payment the customer left open in another tab can no longer be made.
  if (declined.ok) await closeQuotePayments(offer.quoteId);
  return declined;
}

/** Why a link can no longer be booked or declined, in the customer's words. */
export function closedOfferMessage(shown: CustomerQuote): string {
  const { phone } = config().business;
  switch (shown.kind) {
    case "unknown":
      return `We could not find that quote. Please check the link in your email, or call us on ${phone}.`;
    case "expired":
      return `This quote expired on ${formatLongDate(shown.validUntil)}. Call us on ${phone} or reply to our email and we will price it again.`;
    case "replaced":
      return "This quote was replaced by a newer one.";
    case "withdrawn":
      return `This quote was withdrawn. Please call us on ${phone} if you still need a collection.`;
    case "declined":
      return "You declined this quote. If you change your mind, call us on " + phone + ".";
    case "booked":
      return "This quote is already paid and booked. You do not need to pay again.";
    case "open":
      return "";
  }
}

/**
 * A quote's prices for staff: every offer sent (newest first), the latest
 * one's lines, and the order it was booked as.
 */
export async function quotePricing(quoteId: number) {
  const offers = await db()
    .selectFrom("quote_offers")
    .select([
      "id",
      "version",
      "created_at",
      "created_by",
      "token",
      "valid_until",
      "note",
      "total_pence",
      "status",
      "decided_at",
      "decline_reason",
    ])
    .where("quote_id", "=", quoteId)
    .orderBy("version", "desc")
    .execute();
  const latest = offers[0];
  const [lines, order] = await Promise.all([
    latest ? offerLines(latest.id) : Promise.resolve([]),
    db()
      .selectFrom("orders")
      .select(["id", "collection_date", "status", "payment_method", "total_pence"])
      .where("quote_id", "=", quoteId)
      .where(wasBooked)
      .orderBy("id", "desc")
      .executeTakeFirst(),
  ]);
  return {
    offers: offers.map((o) => ({
      ...o,
      reference: offerReference(quoteId, o.version),
      path: offerPath(o.token),
    })),
    lines,
    order: order ?? null,
  };
}

/** Catalogue items staff may put on a quote: every product on sale, by name. */
export async function quoteCatalogue() {
  const products = await listAllProducts();
  return products.map((p) => ({
    id: p.id,
    name: p.name,
    prices: {
      inside_dismantle: unitPricePence(p, "inside_dismantle"),
      inside_no_dismantle: unitPricePence(p, "inside_no_dismantle"),
      outside: unitPricePence(p, "outside"),
    },
  }));
}

/** The PDF of an open offer, for the holder of its link (the same document the email carried). */
export async function offerPdf(
  token: string,
  now = new Date(),
): Promise<{ filename: string; bytes: Buffer } | undefined> {
  const shown = await quoteForCustomer(token, now);
  if (shown.kind !== "open") return undefined;
  const { offer } = shown;
  const bytes = await quotePdf(
    quoteDocumentInput(
      offer,
      { ...offer, lines: offer.lines },
      {
        full_name: offer.customer.fullName,
        email: offer.customer.email,
        phone_number: offer.customer.phoneNumber,
        address_1: offer.customer.address1,
        town: offer.customer.town,
        postcode: offer.customer.postcode,
      },
      `${config().publicUrl}${offerPath(token)}`,
    ),
  );
  return { filename: `quote-${offer.reference}.pdf`, bytes };
}
