import { z } from "zod";
import { checkFields, type FieldErrors } from "~/lib/forms";
import { isStaffRole, type StaffRole } from "~/lib/staff-roles";
import { db, sameIgnoringCase } from "~/services/db.server";
import { lockKeys } from "~/services/dialect.server";
import { hashPassword } from "~/services/password.server";
import { endAllStaffSessions } from "./staff-session.server";
import { newPasswordSchema } from "./user.server";

/**
 * Staff accounts, as the owner keeps them on Dashboard → Staff (docs/rules.md#staff-roles): add a
 * member with a role and a first password, change a role, disable or enable an account, set a new
 * password. Disabling or a new password ends the member's sessions; a role changed holds from
 * their next page. There is always an owner who can sign in: a change that would leave none is
 * refused, under a lock, so two owners demoting each other at once cannot both succeed.
 */

export const STAFF_ACCOUNT_MESSAGES = {
  username: "Use 3 to 40 letters, digits, dots, dashes or underscores, like sam.b",
  taken: "There is already an account with that username",
  role: "Choose a role",
  fullName: "Keep the name to 80 characters, as it should print on a waste transfer note",
  lastOwner: "There must always be an owner who can sign in: make someone else an owner first.",
  failed: "The account was not saved: please correct what is marked.",
  gone: "That account no longer exists.",
  self: "You cannot disable your own account.",
} as const;

export const staffAccountSchema = z.object({
  username: z
    .string()
    .trim()
    .max(40, STAFF_ACCOUNT_MESSAGES.username)
    .regex(/^[A-Za-z0-9._-]{3,}$/, STAFF_ACCOUNT_MESSAGES.username),
  role: z.string().refine(isStaffRole, STAFF_ACCOUNT_MESSAGES.role),
  password: newPasswordSchema,
  fullName: z
    .string()
    .transform((text) => text.trim().replace(/\s+/g, " "))
    .pipe(z.string().max(80, STAFF_ACCOUNT_MESSAGES.fullName)),
});

export interface StaffAccount {
  id: number;
  username: string;
  /** the name on the documents they sign ("" when none: the username is printed) */
  fullName: string;
  role: StaffRole;
  disabledAt: string | null;
  createdAt: string;
}

export async function listStaffAccounts(): Promise<StaffAccount[]> {
  const rows = await db()
    .selectFrom("users")
    .select(["id", "username", "full_name", "role", "disabled_at", "created_at"])
    .orderBy("disabled_at", "desc")
    .orderBy("username")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    fullName: row.full_name,
    role: row.role,
    disabledAt: row.disabled_at,
    createdAt: row.created_at,
  }));
}

type Result = { ok: true; message: string } | { ok: false; errors: FieldErrors; message: string };

/** Adds an account with its role and first password. */
export async function addStaffAccount(values: Readonly<Record<string, string>>): Promise<Result> {
  const checked = checkFields(staffAccountSchema, values);
  const { username, role, password, fullName } = checked.values;
  if (!username || !role || !password || Object.keys(checked.errors).length > 0)
    return { ok: false, errors: checked.errors, message: STAFF_ACCOUNT_MESSAGES.failed };
  const password_hash = await hashPassword(password);
  return db()
    .transaction()
    .execute(async (trx): Promise<Result> => {
      await lockKeys(trx, ["staff-accounts"]);
      const taken = await trx
        .selectFrom("users")
        .select("id")
        .where(sameIgnoringCase("username", username))
        .executeTakeFirst();
      if (taken)
        return {
          ok: false,
          errors: { username: STAFF_ACCOUNT_MESSAGES.taken },
          message: STAFF_ACCOUNT_MESSAGES.failed,
        };
      await trx
        .insertInto("users")
        .values({ username, password_hash, role: role as StaffRole, full_name: fullName ?? "" })
        .execute();
      return { ok: true, message: `${username} can now sign in.` };
    });
}

export type AccountChange =
  | { kind: "details"; role: string; fullName: string }
  | { kind: "disable" }
  | { kind: "enable" }
  | { kind: "password"; password: string };

/** Changes one account; refused when it would leave no owner who can sign in. */
export async function changeStaffAccount(
  id: number,
  change: AccountChange,
  actorId: number,
  now = new Date(),
): Promise<Result> {
  const refused = (field: string, message: string): Result => ({
    ok: false,
    errors: { [field]: message },
    message,
  });
  if (change.kind === "disable" && id === actorId)
    return {
      ok: false,
      errors: { account: STAFF_ACCOUNT_MESSAGES.self },
      message: STAFF_ACCOUNT_MESSAGES.self,
    };
  let fullName = "";
  if (change.kind === "details") {
    if (!isStaffRole(change.role)) return refused("role", STAFF_ACCOUNT_MESSAGES.role);
    const name = staffAccountSchema.shape.fullName.safeParse(change.fullName);
    if (!name.success) return refused("fullName", STAFF_ACCOUNT_MESSAGES.fullName);
    fullName = name.data;
  }
  let password_hash: string | undefined;
  if (change.kind === "password") {
    const checked = newPasswordSchema.safeParse(change.password);
    if (!checked.success) return refused("password", checked.error.issues[0]!.message);
    password_hash = await hashPassword(checked.data);
  }
  return db()
    .transaction()
    .execute(async (trx): Promise<Result> => {
      await lockKeys(trx, ["staff-accounts"]);
      const account = await trx
        .selectFrom("users")
        .select(["id", "username", "role", "disabled_at"])
        .where("id", "=", id)
        .executeTakeFirst();
      if (!account) return refused("account", STAFF_ACCOUNT_MESSAGES.gone);
      const losesOwner =
        account.role === "owner" &&
        account.disabled_at === null &&
        (change.kind === "disable" || (change.kind === "details" && change.role !== "owner"));
      if (losesOwner) {
        const owners = await trx
          .selectFrom("users")
          .select("id")
          .where("role", "=", "owner")
          .where("disabled_at", "is", null)
          .execute();
        if (owners.length <= 1) return refused("account", STAFF_ACCOUNT_MESSAGES.lastOwner);
      }
      const stamp = now.toISOString();
      const update = trx.updateTable("users").where("id", "=", id);
      if (change.kind === "details") {
        await update
          .set({ role: change.role as StaffRole, full_name: fullName, updated_at: stamp })
          .execute();
        return {
          ok: true,
          message: `${fullName || account.username} (${account.username}) is ${roleWords(change.role)}.`,
        };
      }
      if (change.kind === "password") {
        await update.set({ password_hash: password_hash!, updated_at: stamp }).execute();
        await endAllStaffSessions(id, trx);
        return {
          ok: true,
          message: `${account.username} has a new password; they were signed out everywhere.`,
        };
      }
      await update
        .set({ disabled_at: change.kind === "disable" ? stamp : null, updated_at: stamp })
        .execute();
      if (change.kind === "disable") {
        await endAllStaffSessions(id, trx);
        return { ok: true, message: `${account.username} can no longer sign in.` };
      }
      return { ok: true, message: `${account.username} can sign in again.` };
    });
}

function roleWords(role: string): string {
  return role === "owner" ? "an owner" : role === "office" ? "in the office" : "on a crew";
}
