import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { DeleteAskedTwice } from "~/components/delete-asked-twice";
import { Field, filled } from "~/components/field";
import { PointIcon } from "~/components/icons";
import { formValues } from "~/lib/forms";
import { requireId } from "~/lib/ids";
import { titled } from "~/lib/page-title";
import {
  CONTENT_NAMES,
  isContentKind,
  REASON_ICONS,
  SERVICE_DRAWINGS,
  serviceDrawingUrl,
  type ContentKind,
} from "~/lib/site-content";
import { checkContentItem, CONTENT_LIMITS } from "~/lib/site-content-rules.server";
import {
  addContentItem,
  contentItem,
  deleteContentItem,
  updateContentItem,
} from "~/models/shop/site-content.server";
import { requireStaff } from "~/models/staff/staff-auth.server";
import { redirectWithFlash } from "~/services/flash.server";
import styles from "~/styles/settings.css";

/**
 * One headline figure or customer review (docs/rules.md#content): /dashboard/content/new?kind=…
 * adds one, /dashboard/content/{id} changes or deletes it. Saving demo words makes them the
 * business's own (no longer marked Demo).
 */

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

type Target = { kind: ContentKind; id: number | null };

/** The item the address names: a new one of a kind, or one that exists. */
async function targetOf(request: Request, param: string | undefined) {
  if (param === "new") {
    const kind = new URL(request.url).searchParams.get("kind");
    if (!isContentKind(kind)) throw new Response("Choose what to add", { status: 404 });
    return { target: { kind, id: null } as Target, item: undefined };
  }
  const item = await contentItem(requireId(param, "Not found"));
  if (!item) throw new Response("Not found", { status: 404 });
  return { target: { kind: item.kind, id: item.id } as Target, item };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request);
  const { target, item } = await targetOf(request, params.id);
  return {
    ...target,
    demo: item?.demo ?? false,
    values: {
      title: item?.title ?? "",
      body: item?.body ?? "",
      place: item?.place ?? "",
      service: item?.service ?? "",
      rating: item?.rating ? String(item.rating) : "5",
      icon: item?.icon || (target.kind === "service" ? "furniture-removal" : "check-circle"),
    },
    limits: CONTENT_LIMITS[target.kind],
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireStaff(request);
  const { target } = await targetOf(request, params.id);
  const values = formValues(await request.formData());
  const name = CONTENT_NAMES[target.kind].one;
  // Asked twice, so a stray tap deletes nothing (without JavaScript as well).
  if (values.intent === "delete-ask" && target.id !== null) return data({ confirmDelete: true });
  if (values.intent === "delete" && target.id !== null) {
    await deleteContentItem(target.id);
    return redirectWithFlash("/dashboard/content", "content", `The ${name} is deleted.`);
  }
  const checked = checkContentItem(target.kind, values);
  if (!checked.ok) return data({ errors: checked.errors, values }, { status: 400 });
  if (target.id === null) await addContentItem(target.kind, checked.fields);
  else if (!(await updateContentItem(target.id, checked.fields)))
    throw redirect("/dashboard/content");
  return redirectWithFlash(
    "/dashboard/content",
    "content",
    `The ${name} is saved: ${CONTENT_NAMES[target.kind].shownOn} shows it now.`,
  );
}

/**
 * One of the shop's own pictures, chosen by its radio: a reason's icon or a service's drawing,
 * each shown small beside its name.
 */
function PictureChoice({
  legend,
  names,
  picture,
  value,
  error,
}: {
  legend: string;
  names: Readonly<Record<string, string>>;
  picture: (key: string) => ReactNode;
  value: string | undefined;
  error: string | undefined;
}) {
  return (
    <fieldset className={`field icon-choice${error ? " field-invalid" : ""}`}>
      <legend>{legend}</legend>
      <div className="icon-choices">
        {Object.entries(names).map(([key, name]) => (
          <label key={key} className="icon-choice-option">
            <input type="radio" name="icon" value={key} defaultChecked={value === key} />
            {picture(key)}
            {name}
          </label>
        ))}
      </div>
      <p className="field-error" aria-live="polite">
        {error ?? ""}
      </p>
    </fieldset>
  );
}

export default function ContentItemPage() {
  const loaded = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const refused = failed && "errors" in failed ? failed : null;
  const confirmingDelete = Boolean(failed && "confirmDelete" in failed);
  const values = refused?.values ?? loaded.values;
  const errors: Record<string, string | undefined> = refused?.errors ?? {};
  const limits: Record<string, { maxLength?: number } | undefined> = loaded.limits;
  const field = (fieldName: string) => ({
    ...filled(fieldName, values, errors),
    id: `content-${fieldName}`,
    maxLength: limits[fieldName]?.maxLength,
  });
  const names = CONTENT_NAMES[loaded.kind];
  const heading = loaded.id === null ? `Add a ${names.one}` : `Edit a ${names.one}`;
  useEffect(() => {
    if (failed) document.querySelector<HTMLElement>(".content-form [aria-invalid='true']")?.focus();
  }, [failed]);
  return (
    <section aria-labelledby="content-item-title" className="settings">
      <p>
        <Link to="/dashboard/content">← Content</Link>
      </p>
      <h1 id="content-item-title">{heading}</h1>
      <p className="settings-note">{names.hint}</p>
      {loaded.demo ? (
        <p className="notice notice-error">
          This is demo content. Saving it makes these words your own: only do so if they are true.
        </p>
      ) : null}
      <Form
        method="post"
        noValidate
        className="settings-form content-form"
        key={Object.values(values).join("\u0000")}
      >
        <fieldset>
          <legend>{names.one[0]!.toUpperCase() + names.one.slice(1)}</legend>
          {loaded.kind === "claim" ? (
            <>
              <Field label="Figure" hint="Such as 2,000+ or 4.9/5." {...field("title")} />
              <Field label="What it counts" hint="Such as reviews." {...field("body")} />
            </>
          ) : loaded.kind === "testimonial" ? (
            <>
              <Field
                label="Customer's name"
                hint="As they agreed to show it, such as Sarah K."
                {...field("title")}
              />
              <Field label="Their words" multiline rows={5} {...field("body")} />
              <Field label="Where they live (optional)" {...field("place")} />
              <Field label="What was collected (optional)" {...field("service")} />
              <Field
                label="Stars (1 to 5)"
                type="number"
                inputMode="numeric"
                min={1}
                max={5}
                step={1}
                {...field("rating")}
              />
            </>
          ) : loaded.kind === "reason" ? (
            <>
              <Field label="The reason" hint="Such as Same-day collection." {...field("title")} />
              <Field label="Said in full" multiline rows={4} {...field("body")} />
              <PictureChoice
                legend="Its icon"
                names={REASON_ICONS}
                picture={(key) => <PointIcon name={key} width={22} height={22} />}
                value={values.icon}
                error={errors.icon}
              />
            </>
          ) : loaded.kind === "service" ? (
            <>
              <Field label="The service" hint="Such as Sofa removal." {...field("title")} />
              <Field
                label="A caption (optional)"
                hint="A line under its name."
                {...field("body")}
              />
              <PictureChoice
                legend="Its drawing"
                names={SERVICE_DRAWINGS}
                picture={(key) => (
                  <img src={serviceDrawingUrl(key)} width={40} height={30} alt="" />
                )}
                value={values.icon}
                error={errors.icon}
              />
            </>
          ) : loaded.kind === "step" ? (
            <>
              <Field label="The step" hint="Such as Pick a collection date." {...field("title")} />
              <Field label="What happens" multiline rows={4} {...field("body")} />
            </>
          ) : (
            <>
              <Field label="Question" {...field("title")} />
              <Field label="Answer" multiline rows={6} {...field("body")} />
            </>
          )}
        </fieldset>
        <button type="submit" className="button" name="intent" value="save" disabled={busy}>
          {busy ? "Saving..." : "Save"}
        </button>
      </Form>
      {loaded.id !== null ? (
        <DeleteAskedTwice
          confirming={confirmingDelete}
          askLabel={`Delete this ${names.one}…`}
          question={`Delete this ${names.one}? It leaves ${names.shownOn} at once.`}
          keepHref={`/dashboard/content/${loaded.id}`}
        />
      ) : null}
    </section>
  );
}

export const meta = titled("Content", "dashboard");
