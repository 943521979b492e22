import type { ChangeTerms } from "./cancellation";
import type { Load, WindowChoice } from "./capacity";
import type { PaymentMethod, Position } from "./domain";

/**
 * A booking as its customer's own page shows it (/booking/{token}): read by
 * app/models/bookings/manage-booking.server.ts#bookingForCustomer, shown by app/components/manage-booking.tsx.
 */
export interface ManagedBooking {
  reference: string;
  /** the manage link's token (the page's own address) */
  token: string;
  orderId: number;
  fullName: string;
  address: string;
  collectionDate: string;
  /** the arrival window booked ('any' for a booking made for any time, and older ones) */
  arrivalWindow: WindowChoice;
  /** the window as customers read it: "Afternoon, 12:00 to 17:00" */
  arrival: string;
  /** the any-time discount the total includes, pence (0 when none) */
  windowDiscountPence: number;
  /** the area's extra charge the total includes, named "Collection from KT1" (null when none) */
  areaSurcharge: { name: string; pence: number } | null;
  /** what the booking takes of a day, for the calendar of a move (its lines' loads) */
  need: Load;
  items: {
    name: string;
    position: Position | null;
    quantity: number;
    unitPricePence: number;
  }[];
  totalPence: number;
  paymentMethod: PaymentMethod;
  paymentLabel: string;
  paidPence: number;
  /** a booking staff made to be paid from a link, not paid yet: the page offers the payment */
  awaitingCardPayment: boolean;
  /**
   * what the crew added on the day, pence, and how it stands: "paid" (cash or card), "card" (to
   * pay by card here: the page offers the payment), "due" (the office arranges it); null: none
   */
  extras: { pence: number; state: "paid" | "card" | "due" } | null;
  done: boolean;
  /** the crew said they were on their way (and when they expected to arrive); null before, or once done */
  onMyWay: { at: string; arrivingBy: string | null } | null;
  /** when the customer (or staff) cancelled it; null while it stands */
  cancelledAt: string | null;
  /** what the cancellation sent back to the card, pence */
  refundPence: number | null;
  /** date change fees paid by card (rearrangements made) */
  changeFeesPence: number;
  /** the customer's page of photos and documents, once the job is done */
  documentsPath: string | null;
  cancel: ChangeTerms;
  rearrange: ChangeTerms;
}
