import type { Kysely } from "kysely";
import { quoteContactDetails, type QuoteContactDetails } from "~/lib/contact-details";
import type { OfferStatus, Position } from "~/lib/domain";
import { formatLongDate } from "~/lib/format";
import { todayInLondon } from "~/lib/london-clock.server";
import { vatIncluded } from "~/lib/vat";
import { db, type DB } from "~/services/db.server";
import { findByCustomerLink } from "../customer-links/customer-link.server";
import { wasBooked } from "../bookings/booking.server";
import { orderLoad, type Load } from "~/lib/capacity";
import { getProductsByIds } from "../catalogue/product.server";
import { getSetting, vatStatus } from "../shop/settings.server";
import { businessProfile } from "~/models/shop/business-profile.server";

/**
 * Priced quotes (docs/decisions/019-priced-quotes.md): staff price a quote
 * request with catalogue lines and free lines, which sends the customer an
 * offer with a link, /quote/{token}. Each price sent is an offer; a revision
 * is a new offer and the old one is "replaced". The quote's state follows its
 * latest offer: new → priced → booked | declined | withdrawn, and "expired"
 * is a priced quote past its offer's last day (worked out, never stored).
 * Here: an offer as it is stored, and as its link shows it. Staff price a quote in
 * quote-price.server.ts; sending, withdrawing and declining an offer are in
 * quote-offer-changes.server.ts.
 */

/** Days a price holds when staff do not say (setting `quote_valid_days`). */
export const DEFAULT_QUOTE_VALID_DAYS = 14;
/** The longest a price may hold, in days. */
export const MAX_VALID_DAYS = 90;
/** Control characters (C0, DEL, C1); a note may keep line breaks. */
export const CONTROL = /[^\P{Cc}\n\r]/u;

export async function quoteValidDays(): Promise<number> {
  const days = Number(await getSetting("quote_valid_days"));
  return Number.isSafeInteger(days) && days >= 1 && days <= MAX_VALID_DAYS
    ? days
    : DEFAULT_QUOTE_VALID_DAYS;
}

/** The reference on the email, the PDF and the page: Q<quote>-<version>. */
export const offerReference = (quoteId: number, version: number) => `Q${quoteId}-${version}`;

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

// ---------------------------------------------------------------------------
// The customer's link (its misses are counted in customer-link.server.ts)

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
  customer: QuoteContactDetails;
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
  const [lines, photos, vat] = await Promise.all([
    offerLines(offer.id),
    db()
      .selectFrom("quote_images")
      .innerJoin("images", "images.id", "quote_images.image_id")
      .select(["images.id", "images.width", "images.height"])
      .where("quote_images.quote_id", "=", offer.quote_id)
      .where("images.content_type", "=", "image/jpeg")
      .orderBy("quote_images.sort_order")
      .execute(),
    vatStatus(),
  ]);
  const { registered: vatRegistered, ratePercent: rate } = vat;
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
      customer: quoteContactDetails(offer),
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

/** Why a link can no longer be booked or declined, in the customer's words. */
export function closedOfferMessage(shown: CustomerQuote): string {
  const { phone } = businessProfile();
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
