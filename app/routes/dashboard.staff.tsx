import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AlertNotice } from "~/components/alert-notice";
import { Field, filled, SelectField } from "~/components/field";
import { FlashNotice } from "~/components/flash-notice";
import { formatDay } from "~/lib/format";
import { formLimits, formValues } from "~/lib/forms";
import { parseId } from "~/lib/ids";
import { titled } from "~/lib/page-title";
import { ROLE_HINTS, ROLE_LABELS, STAFF_ROLES } from "~/lib/staff-roles";
import {
  addStaffAccount,
  changeStaffAccount,
  listStaffAccounts,
  STAFF_ACCOUNT_MESSAGES,
  staffAccountSchema,
} from "~/models/staff/staff-accounts.server";
import { requireStaff } from "~/models/staff/staff-auth.server";
import { readFlash, redirectWithFlash } from "~/services/flash.server";

/**
 * Dashboard → Staff, the owner's (docs/rules.md#staff-roles): who can sign in and with which role;
 * add a member, change a role, disable or enable an account, give a new password. Plain forms,
 * each its own: it works without JavaScript.
 */

const ROLE_OPTIONS = STAFF_ROLES.map((role): [string, string] => [
  role,
  `${ROLE_LABELS[role]}: ${ROLE_HINTS[role]}`,
]);

export async function loader({ request }: LoaderFunctionArgs) {
  const me = await requireStaff(request);
  const { flash, headers } = await readFlash(request, "staff");
  return data(
    {
      me: me.id,
      accounts: await listStaffAccounts(),
      flash,
      limits: formLimits(staffAccountSchema),
    },
    { headers },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const me = await requireStaff(request);
  const values = formValues(await request.formData());
  const intent = values.intent;
  const id = parseId(values.account);
  const result =
    intent === "add"
      ? await addStaffAccount(values)
      : id === undefined
        ? { ok: false as const, errors: {}, message: STAFF_ACCOUNT_MESSAGES.gone }
        : await changeStaffAccount(
            id,
            intent === "details"
              ? { kind: "details", role: values.role ?? "", fullName: values.fullName ?? "" }
              : intent === "password"
                ? { kind: "password", password: values.password ?? "" }
                : intent === "enable"
                  ? { kind: "enable" }
                  : { kind: "disable" },
            me.id,
          );
  if (!result.ok)
    return data(
      {
        message: result.message,
        errors: result.errors,
        // a refused password is never sent back to the page
        values: { ...values, password: "" },
        account: intent === "add" ? null : (id ?? null),
      },
      { status: 400 },
    );
  return redirectWithFlash("/dashboard/staff", "staff", result.message);
}

export default function Staff() {
  const { me, accounts, flash, limits } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const adding = failed && failed.account === null ? failed : null;
  return (
    <section aria-labelledby="staff-title" className="tip-sites">
      <h1 id="staff-title">Staff</h1>
      <p className="field-hint">
        Who can sign in to the dashboard, and what each can open. A member disabled or given a new
        password is signed out at once.
      </p>
      <FlashNotice flash={flash} testId="staff-flash" />
      <ul className="tip-site-list" data-testid="staff-accounts">
        {accounts.map((account) => {
          const refused = failed && failed.account === account.id ? failed : null;
          return (
            <li key={account.id} className="takings-panel" data-testid="staff-account">
              <h2>
                {account.fullName || account.username}
                {account.id === me ? " (you)" : ""}
              </h2>
              <p>
                {account.fullName ? `Signs in as ${account.username} · ` : ""}
                {ROLE_LABELS[account.role]} ·{" "}
                {account.disabledAt
                  ? `disabled since ${formatDay(account.disabledAt)}`
                  : "can sign in"}
              </p>
              <AlertNotice message={refused?.message} focusOn={refused} />
              <div className="staff-account-forms">
                <Form method="post" className="staff-account-form">
                  <input type="hidden" name="account" value={account.id} />
                  <Field
                    label="Name on documents"
                    id={`name-${account.id}`}
                    autoComplete="off"
                    {...limits.fullName}
                    {...filled(
                      "fullName",
                      refused?.values ?? { fullName: account.fullName },
                      refused?.errors,
                    )}
                  />
                  <SelectField
                    label="Role"
                    name="role"
                    id={`role-${account.id}`}
                    value={refused?.values.role ?? account.role}
                    options={ROLE_OPTIONS}
                  />
                  <button
                    type="submit"
                    name="intent"
                    value="details"
                    className="button button-secondary"
                    disabled={busy}
                  >
                    Save name and role
                  </button>
                </Form>
                <Form method="post" className="staff-account-form">
                  <input type="hidden" name="account" value={account.id} />
                  <Field
                    label="New password"
                    id={`password-${account.id}`}
                    type="password"
                    autoComplete="new-password"
                    hint="At least 12 characters; tell them in person"
                    {...limits.password}
                    {...filled("password", {}, refused?.errors)}
                  />
                  <button
                    type="submit"
                    name="intent"
                    value="password"
                    className="button button-secondary"
                    disabled={busy}
                  >
                    Set password
                  </button>
                </Form>
                {account.id === me ? null : (
                  <Form method="post" className="staff-account-form">
                    <input type="hidden" name="account" value={account.id} />
                    <button
                      type="submit"
                      name="intent"
                      value={account.disabledAt ? "enable" : "disable"}
                      className="button button-light"
                      disabled={busy}
                    >
                      {account.disabledAt ? "Let them sign in again" : "Disable the account"}
                    </button>
                  </Form>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <Form
        method="post"
        className="takings-panel tip-site-form"
        noValidate
        // a new form once an account is added: nothing of the last one stays typed in it
        key={accounts.length}
      >
        <h2>Add a member of staff</h2>
        <AlertNotice message={adding?.message} focusOn={adding} />
        <Field
          label="Username"
          autoComplete="off"
          autoCapitalize="none"
          hint="What they type to sign in, like sam.b"
          {...limits.username}
          {...filled("username", adding?.values, adding?.errors)}
        />
        <Field
          label="Name on documents (optional)"
          id="name-new"
          autoComplete="off"
          hint="As it should print on the waste transfer notes they sign, like Sam Brown"
          {...limits.fullName}
          {...filled("fullName", adding?.values, adding?.errors)}
        />
        <SelectField
          label="Role"
          name="role"
          id="role-new"
          value={adding?.values.role ?? "crew"}
          options={ROLE_OPTIONS}
          error={adding?.errors.role}
        />
        <Field
          label="First password"
          id="password-new"
          type="password"
          autoComplete="new-password"
          hint="At least 12 characters; tell them in person, they can be given a new one here"
          {...limits.password}
          {...filled("password", {}, adding?.errors)}
        />
        <button type="submit" name="intent" value="add" className="button" disabled={busy}>
          {busy ? "Saving..." : "Add"}
        </button>
      </Form>
    </section>
  );
}

export const meta = titled("Staff", "dashboard");
