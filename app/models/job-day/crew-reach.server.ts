import { todayInLondon } from "~/lib/london-clock.server";
import { crewReachesDay, NOT_THEIR_DAY_MESSAGE, NOT_THEIR_VAN_MESSAGE } from "~/lib/staff-roles";
import { db } from "~/services/db.server";
import type { StaffUser } from "../staff/staff-session.server";
import { crewVanOf } from "../bookings/van-crews.server";

/**
 * A crew member opens a job only on its day or the day before (crewReachesDay,
 * docs/rules.md#staff-roles), and only their van's when they are on one that day: the order's
 * page, its completion and its documents answer 403 with words for another's. The owner and the
 * office open every job. An order that does not exist is left for the route to say so.
 */
export async function requireJobInCrewReach(
  user: StaffUser,
  orderId: number,
  now = new Date(),
): Promise<void> {
  if (user.role !== "crew") return;
  const order = await db()
    .selectFrom("orders")
    .select(["collection_date", "van_id"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!order) return;
  if (!crewReachesDay(order.collection_date, todayInLondon(now)))
    throw new Response(NOT_THEIR_DAY_MESSAGE, { status: 403 });
  // On a van that day, a crew member opens that van's jobs alone (docs/rules.md#vans-and-crews).
  const ownVan = await crewVanOf(order.collection_date, user.id);
  if (ownVan !== null && order.van_id !== ownVan)
    throw new Response(NOT_THEIR_VAN_MESSAGE, { status: 403 });
}
