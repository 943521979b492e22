import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AlertNotice } from "~/components/alert-notice";
import { Field, filled } from "~/components/field";
import { FlashNotice } from "~/components/flash-notice";
import { formValues } from "~/lib/forms";
import { requireId } from "~/lib/ids";
import { titled } from "~/lib/page-title";
import { SITE_FIELDS, SITE_LIMITS, SITE_MESSAGES } from "~/lib/receiving-site";
import {
  getReceivingSite,
  listReceivingSites,
  retireReceivingSite,
  saveReceivingSite,
} from "~/models/waste-tracking/receiving-sites.server";
import { requireStaff } from "~/models/staff/staff-auth.server";
import { readFlash, redirectWithFlash } from "~/services/flash.server";

/**
 * Tip sites (docs/rules.md#tip-sites): the receiving sites the vans take waste to, with the
 * address and permit or exemption number Defra's record names. Add one, change one
 * (`?edit={id}`), or stop using one; plain forms, so it works without JavaScript.
 */

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const { flash, headers } = await readFlash(request, "tip-sites");
  const editId = Number(new URL(request.url).searchParams.get("edit"));
  const editing =
    Number.isSafeInteger(editId) && editId > 0 ? await getReceivingSite(editId) : undefined;
  return data(
    { sites: await listReceivingSites(), editing: editing ?? null, flash, limits: SITE_LIMITS },
    { headers },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  await requireStaff(request);
  const values = formValues(await request.formData());
  if (values.intent === "retire") {
    const id = requireId(values.id, "Site not found");
    const site = await getReceivingSite(id);
    if (!site || !(await retireReceivingSite(id)))
      throw new Response("Site not found", { status: 404 });
    return redirectWithFlash(
      "/dashboard/tip-sites",
      "tip-sites",
      `${site.name} is no longer listed. What was recorded there keeps it.`,
    );
  }
  const id = values.id ? requireId(values.id, "Site not found") : undefined;
  const saved = await saveReceivingSite(values, id);
  if (!saved.ok && "missing" in saved) throw new Response("Site not found", { status: 404 });
  if (!saved.ok)
    return data({ message: SITE_MESSAGES.failed, errors: saved.errors, values }, { status: 400 });
  return redirectWithFlash(
    "/dashboard/tip-sites",
    "tip-sites",
    id === undefined ? `${saved.site.name} added.` : `Changes to ${saved.site.name} saved.`,
  );
}

export default function TipSites() {
  const { sites, editing, flash, limits } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const saving = useNavigation().state === "submitting";
  const sentId = failed?.values.id;
  // A refused form shows what was typed; a site being changed, what it has.
  const values: Record<string, string> = failed
    ? failed.values
    : editing
      ? {
          id: String(editing.id),
          [SITE_FIELDS.name]: editing.name,
          [SITE_FIELDS.address]: editing.address,
          [SITE_FIELDS.postcode]: editing.postcode,
          [SITE_FIELDS.authorisationNumber]: editing.authorisationNumber,
        }
      : {};
  const changing = Boolean(failed ? sentId : editing);
  return (
    <section aria-labelledby="tip-sites-title" className="tip-sites">
      <div className="staff-home-head">
        <h1 id="tip-sites-title">Tip sites</h1>
      </div>
      <p className="field-hint">
        The tips, transfer stations and recycling centres your vans take waste to. Defra's waste
        tracking record names the site, its address and its permit or exemption number.
      </p>
      <FlashNotice flash={flash} testId="tip-sites-flash" />
      {sites.length === 0 ? (
        <p className="empty-state">No sites yet: add the first one below.</p>
      ) : (
        <ul className="tip-site-list" data-testid="tip-sites">
          {sites.map((site) => (
            <li key={site.id} className="takings-panel tip-site" data-testid="tip-site">
              <div>
                <h2>{site.name}</h2>
                <p>
                  {site.address}, {site.postcode}
                </p>
                <p>
                  Permit or exemption: <strong>{site.authorisationNumber}</strong>
                </p>
              </div>
              <div className="tip-site-actions">
                <Link
                  to={`/dashboard/tip-sites?edit=${site.id}#site-form`}
                  className="button button-light"
                >
                  Change
                </Link>
                <Form method="post">
                  <input type="hidden" name="id" value={site.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="retire"
                    className="button button-light"
                  >
                    Stop using
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Form
        method="post"
        className="takings-panel tip-site-form"
        id="site-form"
        noValidate
        // A new blank form once a site is saved (the list changes), as after a page load.
        key={`${sites.map((site) => site.id).join(",")}:${editing?.id ?? ""}`}
      >
        <h2>
          {changing
            ? `Change ${editing?.name ?? values[SITE_FIELDS.name] ?? "the site"}`
            : "Add a site"}
        </h2>
        <AlertNotice message={failed?.message} focusOn={failed} />
        {changing ? <input type="hidden" name="id" value={values.id} /> : null}
        <Field
          label="Name"
          autoComplete="off"
          maxLength={limits[SITE_FIELDS.name].maxLength}
          {...filled(SITE_FIELDS.name, values, failed?.errors)}
        />
        <Field
          label="Address"
          autoComplete="off"
          maxLength={limits[SITE_FIELDS.address].maxLength}
          {...filled(SITE_FIELDS.address, values, failed?.errors)}
        />
        <Field
          label="Postcode"
          autoComplete="off"
          maxLength={limits[SITE_FIELDS.postcode].maxLength}
          {...filled(SITE_FIELDS.postcode, values, failed?.errors)}
        />
        <Field
          label="Permit or exemption number"
          hint="As on the site's environmental permit or exemption, like EPR/AB1234CD"
          autoComplete="off"
          maxLength={limits[SITE_FIELDS.authorisationNumber].maxLength}
          {...filled(SITE_FIELDS.authorisationNumber, values, failed?.errors)}
        />
        <div className="tip-site-actions">
          <button type="submit" className="button" disabled={saving}>
            {saving ? "Saving..." : changing ? "Save changes" : "Add site"}
          </button>
          {changing ? (
            <Link to="/dashboard/tip-sites" className="button button-light">
              Cancel
            </Link>
          ) : null}
        </div>
      </Form>
    </section>
  );
}

export const meta = titled("Tip sites", "dashboard");
