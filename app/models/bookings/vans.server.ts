import type { Kysely } from "kysely";
import { z } from "zod";
import type { WindowChoice } from "~/lib/capacity";
import { checkFields, type FieldErrors } from "~/lib/forms";
import { normaliseVehicleRegistration } from "~/lib/tip-run";
import { pickVan, vanOverBy, vanOverText, type VanDay } from "~/lib/van-assignment";
import { db, type DB } from "~/services/db.server";
import { lockKeys } from "~/services/dialect.server";
import { dayBookingsByVan, type Need } from "../checkout/availability.server";
import { recordOrderEvent } from "../checkout/order-history.server";
import { orderNeed } from "./booking-facts.server";
import { fleetOnDay } from "./fleet.server";

/**
 * The fleet's vans and which van each booking is on (docs/rules.md#vans-and-crews). A day with
 * N vans sends the first N in their order; a booking goes on the first of them with room in its
 * window (lib/van-assignment.ts) when it is made or moved, and the office may put it on another,
 * past that van's room only with a reason.
 */

export interface Van {
  id: number;
  outOrder: number;
  name: string;
  registration: string | null;
}

export const VAN_MESSAGES = {
  name: "Give the van a name of 1 to 40 characters, like Van 1 or Big Blue",
  registration: "Enter the van's registration, like AB12 CDE, or leave it empty",
  failed: "The van was not saved: please correct what is marked.",
  gone: "That van is not out on this day: reload the page and choose again.",
  missing: "That van is no longer in the fleet: reload the page.",
  noRoom: (name: string, over: string) =>
    `${name} has no room for this job: it would be ${over}. Give a reason to put it there anyway.`,
  reason: "Keep the reason to 200 characters",
} as const;

export const vanSchema = z.object({
  name: z
    .string()
    .transform((text) => text.trim().replace(/\s+/g, " "))
    .pipe(z.string().min(1, VAN_MESSAGES.name).max(40, VAN_MESSAGES.name)),
  registration: z
    .string()
    .max(12, VAN_MESSAGES.registration)
    .transform((text) => (text.trim() === "" ? "" : normaliseVehicleRegistration(text)))
    .refine((plate) => plate !== null, VAN_MESSAGES.registration)
    .transform((plate) => plate || null),
});

/** Every van, in the order they go out. */
export async function listVans(executor: Kysely<DB> = db()): Promise<Van[]> {
  return executor
    .selectFrom("vans")
    .select(["id", "out_order as outOrder", "name", "registration"])
    .orderBy("out_order")
    .execute();
}

/** The office renames a van or sets its registration. */
export async function saveVan(
  vanId: number,
  values: Readonly<Record<string, string>>,
): Promise<{ ok: true; van: Van } | { ok: false; errors: FieldErrors; message: string }> {
  const checked = checkFields(vanSchema, values);
  const { name, registration } = checked.values;
  if (name === undefined || registration === undefined || Object.keys(checked.errors).length > 0)
    return { ok: false, errors: checked.errors, message: VAN_MESSAGES.failed };
  const van = await db()
    .updateTable("vans")
    .set({ name, registration })
    .where("id", "=", vanId)
    .returning(["id", "out_order as outOrder", "name", "registration"])
    .executeTakeFirst();
  if (!van) return { ok: false, errors: {}, message: VAN_MESSAGES.missing };
  return { ok: true, van };
}

/** The vans out on a day (the first N of the fleet for the day's N) and the day's fleet. */
export async function vansOut(day: string, executor: Kysely<DB> = db()) {
  const fleetDay = await fleetOnDay(day, executor);
  const vans = (await listVans(executor)).slice(0, fleetDay.blocked ? 0 : fleetDay.fleet.vans);
  return { vans, fleetDay };
}

/** What pickVan needs of a day: its vans out and the bookings on each (one left out). */
async function vanDay(
  day: string,
  executor: Kysely<DB>,
  now: Date,
  excludeOrderId?: number,
): Promise<VanDay & { vans: Van[] }> {
  const { vans, fleetDay } = await vansOut(day, executor);
  return {
    vans,
    fleet: fleetDay.fleet,
    windows: fleetDay.windows,
    vanIds: vans.map((v) => v.id),
    bookings: await dayBookingsByVan(day, { executor, now, excludeOrderId }),
  };
}

/**
 * The van a booking made or moved goes on (in the transaction that writes it, the day's lock
 * held): the first out with room in its window, else the one it overfills least; null when no
 * van is out (a staff booking on a closed day is refused before this).
 */
export async function vanForBooking(
  trx: Kysely<DB>,
  booking: { day: string; window: WindowChoice; need: Need; now: Date; excludeOrderId?: number },
): Promise<number | null> {
  const day = await vanDay(booking.day, trx, booking.now, booking.excludeOrderId);
  return pickVan(day, { ...booking.need, window: booking.window })?.vanId ?? null;
}

export type VanMove =
  { ok: true; message: string } | { ok: false; field: "van" | "van_reason"; message: string };

/**
 * The office puts a booking on another van of its day: refused past the van's room without a
 * reason; recorded in the order's history (with the reason when it overfills the van).
 */
export async function moveToVan(
  orderId: number,
  values: { van?: string; van_reason?: string },
  actor: string,
  now = new Date(),
): Promise<VanMove> {
  const reason = (values.van_reason ?? "").trim().replace(/\s+/g, " ");
  if (reason.length > 200) return { ok: false, field: "van_reason", message: VAN_MESSAGES.reason };
  return db()
    .transaction()
    .execute(async (trx): Promise<VanMove> => {
      const order = await trx
        .selectFrom("orders")
        .select(["id", "collection_date", "arrival_window", "van_id"])
        .where("id", "=", orderId)
        .executeTakeFirst();
      if (!order) return { ok: false, field: "van", message: VAN_MESSAGES.gone };
      await lockKeys(trx, [`day:${order.collection_date}`]);
      const day = await vanDay(order.collection_date, trx, now, orderId);
      const van = day.vans.find((v) => String(v.id) === values.van);
      if (!van) return { ok: false, field: "van", message: VAN_MESSAGES.gone };
      if (van.id === order.van_id) return { ok: true, message: `Already on ${van.name}.` };
      const need = await orderNeed(orderId, trx);
      const overBy = vanOverBy(day, van.id, { ...need, window: order.arrival_window });
      if (overBy && reason === "")
        return {
          ok: false,
          field: "van_reason",
          message: VAN_MESSAGES.noRoom(van.name, vanOverText(overBy)),
        };
      await trx.updateTable("orders").set({ van_id: van.id }).where("id", "=", orderId).execute();
      // One sentence for the history (shown as written): where from, where to, and why past its room.
      const from = day.vans.find((v) => v.id === order.van_id)?.name;
      const moved = from ? `Moved from ${from} to ${van.name}` : `Put on ${van.name}`;
      await recordOrderEvent(trx, {
        orderId,
        field: "van",
        oldValue: null,
        newValue: overBy ? `${moved}, ${vanOverText(overBy)}: ${reason}` : moved,
        actor,
        at: now.toISOString(),
      });
      return { ok: true, message: `Order moved to ${van.name}.` };
    });
}
