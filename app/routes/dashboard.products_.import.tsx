import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { Field } from "~/components/field";
import { titled } from "~/lib/page-title";
import { PRODUCT_IMAGE_MAX_BYTES } from "~/lib/messages";
import { applyImport, planImport, type ImportRow } from "~/models/catalogue/product-import.server";
import { receiveProductImage } from "~/models/catalogue/product-form.server";
import { requireStaff } from "~/models/staff/staff-auth.server";
import { redirectWithFlash } from "~/services/flash.server";
import { receiveUpload } from "~/services/uploads.server";
import styles from "~/styles/settings.css";

/**
 * Import products from CSV (docs/rules.md#the-catalogue-as-csv): "Check the file" lists every
 * row (new, changed, unchanged) with its errors and changes nothing; "Import" checks again and
 * saves only when every row passes. Pictures for new products come as files beside the CSV.
 */

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  return null;
}

const CSV_MAX_BYTES = 1024 * 1024;

const IMPORT_LIMITS = {
  maxFileSize: PRODUCT_IMAGE_MAX_BYTES,
  maxFiles: 41,
  maxTotalBytes: 40 * PRODUCT_IMAGE_MAX_BYTES + CSV_MAX_BYTES,
  fileFields: ["csv", "images"],
  messages: {
    fileTooLarge: "Each file can be at most 5 MB.",
    totalTooLarge: "That is more than we can take at once: import in smaller parts.",
    tooManyFiles: "Send one CSV file and at most 40 pictures at once.",
  },
} as const;

type Received =
  | { kind: "csv"; text: string }
  | { kind: "image"; image: Awaited<ReturnType<typeof receiveProductImage>> };

type Shown = Pick<ImportRow, "line" | "kind" | "name" | "changes" | "errors">;

export async function action({ request }: ActionFunctionArgs) {
  await requireStaff(request);
  const upload = await receiveUpload<Received>(request, IMPORT_LIMITS, async (file) =>
    file.fieldName === "csv"
      ? { kind: "csv", text: new TextDecoder().decode(file.bytes) }
      : { kind: "image", image: await receiveProductImage(file) },
  );
  if (!upload.ok)
    return data({ fileError: upload.message, rows: [] as Shown[] }, { status: upload.status });
  const csv = upload.files.find((file) => file.kind === "csv");
  if (!csv || csv.text.trim() === "")
    return data(
      { fileError: "Choose the CSV file to import.", rows: [] as Shown[] },
      { status: 400 },
    );
  const images = upload.files.flatMap((file) => (file.kind === "image" ? [file.image] : []));
  const plan = await planImport(csv.text, images);
  const rows: Shown[] = plan.rows.map(({ line, kind, name, changes, errors }) => ({
    line,
    kind,
    name,
    changes,
    errors,
  }));
  if (!plan.ok)
    return data({ fileError: plan.fileError ?? "", rows, checked: false }, { status: 400 });
  if (upload.fields.get("intent") !== "import") return data({ fileError: "", rows, checked: true });
  const { added, changed } = await applyImport(plan);
  return redirectWithFlash(
    "/dashboard/products",
    "products",
    `Imported: ${added} ${added === 1 ? "product" : "products"} added, ${changed} changed.`,
  );
}

const KIND_LABELS: Record<Shown["kind"], string> = {
  new: "New",
  change: "Changed",
  same: "No change",
};

/** What the report says of the whole file. */
function importHeading(total: number, failed: number, checked: boolean): string {
  const rows = total === 1 ? "row" : "rows";
  if (failed > 0) return `${failed} of ${total} ${rows} cannot be imported: nothing was changed`;
  const all = total === 1 ? "The row" : `All ${total} rows`;
  return `${all} can be imported${checked ? `: press Import to save ${total === 1 ? "it" : "them"}` : ""}`;
}

export default function ImportProducts() {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const rows: Shown[] = result && "rows" in result ? result.rows : [];
  const failed = rows.filter((row) => row.errors.length > 0).length;
  return (
    <section aria-labelledby="import-title" className="settings import-page">
      <p>
        <Link to="/dashboard/products">← Products</Link>
      </p>
      <h1 id="import-title">Import products from CSV</h1>
      <p className="settings-note">
        Start from <a href="/dashboard/products/export.csv">the catalogue as a CSV file</a>: change
        prices, loads and the rest in a spreadsheet, add rows for new products (with no id, and the
        name of a picture uploaded below in the image column), save as CSV and import it here.
        Columns you leave out keep their values. Nothing changes until you press Import, and then
        only if every row passes.
      </p>
      <Form method="post" encType="multipart/form-data" noValidate className="settings-form">
        <fieldset>
          <legend>Files</legend>
          <Field
            label="CSV file"
            id="import-csv"
            name="csv"
            type="file"
            accept=".csv,text/csv"
            error={result?.fileError || undefined}
          />
          <Field
            label="Pictures for new products (optional)"
            id="import-images"
            name="images"
            type="file"
            accept="image/png,image/jpeg,image/svg+xml"
            multiple
            hint="JPEG, PNG or SVG, up to 5 MB each and 40 at once. Without JavaScript, choose the files again before you press Import."
          />
        </fieldset>
        <button type="submit" name="intent" value="check" className="button" disabled={busy}>
          Check the file
        </button>{" "}
        <button
          type="submit"
          name="intent"
          value="import"
          className="button button-light"
          disabled={busy}
        >
          Import
        </button>
      </Form>
      {rows.length > 0 ? (
        <section
          aria-labelledby="import-report"
          className="import-report"
          data-testid="import-report"
        >
          <h2 id="import-report">
            {importHeading(
              rows.length,
              failed,
              Boolean(result && "checked" in result && result.checked),
            )}
          </h2>
          <ol className="import-rows">
            {rows.map((row) => (
              <li
                key={row.line}
                className={row.errors.length > 0 ? "import-row import-row-error" : "import-row"}
                data-testid="import-row"
              >
                <strong>
                  Line {row.line} · {row.errors.length > 0 ? "Error" : KIND_LABELS[row.kind]}
                  {row.name ? ` · ${row.name}` : ""}
                </strong>
                {row.changes.length > 0 && row.errors.length === 0 ? (
                  <span>{row.changes.join("; ")}</span>
                ) : null}
                {row.errors.map((error) => (
                  <span key={error} className="field-error">
                    {error}
                  </span>
                ))}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </section>
  );
}

export const meta = titled("Import products", "dashboard");
