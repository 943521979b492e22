import { todayInLondon } from "~/lib/london-clock.server";
import type { FieldErrors } from "~/lib/forms";
import { POSITION_LABELS } from "~/lib/positions";
import { DECLINE_REASON_MAX } from "~/lib/quote-state";
import { config } from "~/services/config.server";
import { db } from "~/services/db.server";
import { isUniqueViolation, lockKeys } from "~/services/dialect.server";
import { quotePdf, type QuoteDocumentInput } from "~/documents/quote.server";
import { newLinkToken } from "../customer-links/customer-link.server";
import { quoteDeclinedEmail, quoteOfferEmail } from "./quote-emails.server";
import { enqueueEmail } from "../messages/outbox.server";
import { checkQuotePrice, type QuotePrice } from "./quote-price.server";
import {
  CONTROL,
  closedOfferMessage,
  currentOffer,
  offerPath,
  offerReference,
  quoteForCustomer,
} from "./quote-offer.server";
import { closeOpenOffers } from "./quote-booked.server";
import { closeQuotePayments } from "../payments/quote-payments.server";
import { documentBusiness } from "~/models/shop/business-profile.server";

/**
 * What changes an offer: staff send a price (or revise it) and withdraw it, the customer
 * declines it. Each closes the payments still open for the earlier price. And the PDF quote
 * that goes with an offer.
 */

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
  const pdf = await quotePdf(quoteDocumentInput(offer, price, quote, link), documentBusiness());
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
        const replaced = await closeOpenOffers(
          trx,
          quoteId,
          { status: "replaced", decided_at: createdAt },
          row.id,
        );
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
          replaced: replaced > 0,
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
    documentBusiness(),
  );
  return { filename: `quote-${offer.reference}.pdf`, bytes };
}

/** Staff withdraw a quote's open price: its link then says so. False when there is none. */
export async function withdrawQuotePrice(quoteId: number, actor: string): Promise<boolean> {
  const withdrawn = await db()
    .transaction()
    .execute(async (trx) => {
      await lockKeys(trx, [`quote:${quoteId}`]);
      const now = new Date().toISOString();
      const withdrawn = await closeOpenOffers(trx, quoteId, {
        status: "withdrawn",
        decided_at: now,
        decline_reason: `withdrawn by ${actor}`,
      });
      if (withdrawn === 0) return false;
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
