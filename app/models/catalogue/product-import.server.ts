import { CsvError, parseCsv, toCsv } from "~/lib/csv";
import { formatPence } from "~/lib/format";
import { createProductFromInput, updateProductFromInput } from "./product-admin.server";
import {
  LOAD_INPUT_FIELDS,
  PRODUCT_INPUT_FIELDS,
  productFormValues,
  toProductFields,
  validateProductInput,
  WASTE_INPUT_FIELDS,
  type ReceivedProductImage,
} from "./product-form.server";
import { getProductsByIds, listAllProducts } from "./product.server";

/**
 * The catalogue in and out as CSV (docs/rules.md#the-catalogue-as-csv): the export has one row per
 * product on sale under the /api's field names; an import is read whole and every row checked by
 * the product form's own rules (validateProductInput) before anything is saved. A row with an `id`
 * changes that product (a column left out keeps its value); one without adds a product, whose
 * picture is a file uploaded beside the CSV and named in its `image` column.
 */

/** The export's columns, in order; an import may leave out all but the required ones. */
export const CSV_COLUMNS = [
  "id",
  ...PRODUCT_INPUT_FIELDS,
  ...LOAD_INPUT_FIELDS,
  ...WASTE_INPUT_FIELDS,
  "image",
] as const;
type CsvColumn = (typeof CSV_COLUMNS)[number];

const REQUIRED: readonly CsvColumn[] = [
  "product_name",
  "product_description",
  "product_category",
  "product_price",
];

/** What each column is called in a change's summary. */
const LABELS: Record<Exclude<CsvColumn, "id" | "image">, string> = {
  product_name: "name",
  product_price: "price",
  product_description: "description",
  product_category: "category",
  inside_dismantle_price: "inside, dismantling",
  inside_no_dismantle_price: "inside, no dismantling",
  outside_price: "outside",
  load: "load (yd³)",
  handling_minutes: "handling minutes",
  waste_description: "waste description",
  low_code: "List of Wastes code",
  pops: "POPs",
  hazardous: "hazardous",
  physical_form: "physical form",
  container_type: "container",
  weight_kg: "weight of one (kg)",
  pops_source: "how its POPs are known",
  pop_codes: "POPs named",
  hp_codes: "hazardous properties",
};

/** At most this many rows in one file: a catalogue, not a database dump. */
export const MAX_IMPORT_ROWS = 1000;

export const IMPORT_MESSAGES = {
  empty: "The file has no rows: export the catalogue for a file to start from.",
  unreadable: "That file is not CSV we can read",
  tooMany: `The file has more than ${MAX_IMPORT_ROWS} products: split it into smaller files.`,
  missingColumns: (columns: string[]) =>
    `The first row must name the columns; missing: ${columns.join(", ")}.`,
  unknownColumns: (columns: string[]) =>
    `Unknown columns: ${columns.join(", ")}. The columns are those of an exported file.`,
  unknownId: (id: string) => `There is no product ${id} on sale: leave id empty to add it.`,
  twice: (id: string) => `Product ${id} is in the file twice.`,
  noImage:
    "A new product needs a picture: name a file uploaded beside the CSV in its image column.",
  imageNotSent: (name: string) => `The picture “${name}” was not among the files uploaded.`,
} as const;

/** Yes/no cells as the export writes them; the form's "on" for the rules. */
const flag = (cell: string) => (/^(yes|y|true|1|on)$/i.test(cell.trim()) ? "on" : "");

/** The catalogue as CSV: one row per product on sale, money in pounds, flags as yes/no. */
export async function productsCsv(): Promise<string> {
  const products = await listAllProducts();
  const rows = products.map((product) => {
    const values = productFormValues(product);
    return CSV_COLUMNS.map((column) => {
      if (column === "id") return String(product.id);
      if (column === "image") return "";
      if (column === "pops" || column === "hazardous") return values[column] ? "yes" : "no";
      return values[column];
    });
  });
  return toCsv([[...CSV_COLUMNS], ...rows]);
}

export interface ImportRow {
  /** the row's line in the file (the header is line 1) */
  line: number;
  kind: "new" | "change" | "same";
  /** the product's name as the row has it */
  name: string;
  productId: number | null;
  /** "price: £45.00 → £50.00", one a changed field; for a new product, its price */
  changes: string[];
  errors: string[];
  /** what the save gets: the form's field names */
  values: Record<string, string>;
  image: ReceivedProductImage | null;
}

export type ImportPlan =
  { ok: false; fileError: string; rows: [] } | { ok: boolean; fileError: null; rows: ImportRow[] };

/** Reads and checks a whole file, changing nothing. `ok` when every row may be saved. */
export async function planImport(
  csvText: string,
  images: readonly ReceivedProductImage[],
): Promise<ImportPlan> {
  let table: string[][];
  try {
    table = parseCsv(csvText);
  } catch (error) {
    const reason = error instanceof CsvError ? `: ${error.message}` : ".";
    return { ok: false, fileError: `${IMPORT_MESSAGES.unreadable}${reason}`, rows: [] };
  }
  const [header = [], ...body] = table;
  if (body.length === 0) return { ok: false, fileError: IMPORT_MESSAGES.empty, rows: [] };
  if (body.length > MAX_IMPORT_ROWS)
    return { ok: false, fileError: IMPORT_MESSAGES.tooMany, rows: [] };
  const columns = header.map((cell) => cell.trim().toLowerCase());
  const unknown = columns.filter((c) => !(CSV_COLUMNS as readonly string[]).includes(c));
  if (unknown.length > 0)
    return { ok: false, fileError: IMPORT_MESSAGES.unknownColumns(unknown), rows: [] };
  const missing = REQUIRED.filter((c) => !columns.includes(c));
  if (missing.length > 0)
    return { ok: false, fileError: IMPORT_MESSAGES.missingColumns(missing), rows: [] };

  const cellsOf = (cells: string[]) =>
    Object.fromEntries(columns.map((column, i) => [column, cells[i] ?? ""])) as Partial<
      Record<CsvColumn, string>
    >;
  const ids = body
    .map((cells) => Number(cellsOf(cells).id?.trim()))
    .filter((id) => Number.isSafeInteger(id) && id > 0);
  const current = await getProductsByIds(ids);
  const byName = new Map(images.map((image) => [image.name, image]));
  const seen = new Set<string>();
  const rows = body.map((cells, i): ImportRow => {
    const cell = cellsOf(cells);
    const errors: string[] = [];
    const id = cell.id?.trim() ?? "";
    const product = id ? current.get(Number(id)) : undefined;
    if (id && !product) errors.push(IMPORT_MESSAGES.unknownId(id));
    if (id && seen.has(id)) errors.push(IMPORT_MESSAGES.twice(id));
    seen.add(id || `new-${i}`);
    // A new product: the surcharges default to £0; a change: what the file leaves out stays.
    const start: Record<string, string> = product
      ? productFormValues(product)
      : { inside_dismantle_price: "0", inside_no_dismantle_price: "0", outside_price: "0" };
    const values: Record<string, string> = { ...start };
    for (const column of columns) {
      if (column === "id" || column === "image") continue;
      const text = cell[column as CsvColumn] ?? "";
      // A new product's optional cell left empty takes the default (surcharges £0, the usual load).
      if (!product && text.trim() === "" && !REQUIRED.includes(column as CsvColumn)) continue;
      values[column] = column === "pops" || column === "hazardous" ? flag(text) : text;
    }
    const imageName = cell.image?.trim() ?? "";
    const image = imageName ? (byName.get(imageName) ?? null) : null;
    if (imageName && !image) errors.push(IMPORT_MESSAGES.imageNotSent(imageName));
    if (!product && !id && !imageName) errors.push(IMPORT_MESSAGES.noImage);
    const checked = validateProductInput(
      values,
      image ? [image] : [],
      (product?.waste.lowCode ?? "") !== "",
    );
    for (const [field, message] of Object.entries(checked.errors))
      errors.push(`${field}: ${message}`);
    // Compared as the form shows them once checked: "45" and "45.00" are the same price.
    const before = product ? productFormValues(product) : undefined;
    const after =
      product && checked.parsed.success
        ? productFormValues({
            ...product,
            ...toProductFields(
              checked.parsed.data,
              checked.wasteClass,
              checked.load,
              checked.wasteFacts,
            ),
          })
        : undefined;
    const changes = before
      ? (Object.keys(LABELS) as (keyof typeof LABELS)[])
          .filter((field) => after !== undefined && before[field] !== after[field])
          .map(
            (field) =>
              `${LABELS[field]}: ${shown(field, before[field])} → ${shown(field, after?.[field] ?? "")}`,
          )
          .concat(image ? ["a new picture"] : [])
      : checked.parsed.success
        ? [`${formatPence(checked.parsed.data.product_price)}, ${values.product_category}`]
        : [];
    return {
      line: i + 2,
      kind: !product ? "new" : changes.length > 0 ? "change" : "same",
      name: values.product_name || cell.product_name || "",
      productId: product?.id ?? null,
      changes,
      errors,
      values,
      image,
    };
  });
  return { ok: rows.every((row) => row.errors.length === 0), fileError: null, rows };
}

/** A value as the summary shows it: money with £, flags as yes/no, an empty one as "none". */
function shown(field: keyof typeof LABELS, value: string): string {
  if (field === "pops" || field === "hazardous") return value ? "yes" : "no";
  if (value === "") return "none";
  if (field.endsWith("_price")) return `£${value}`;
  return value.length > 40 ? `${value.slice(0, 39)}…` : value;
}

/**
 * Saves a checked plan's rows (planImport first: nothing is saved unless every row passed), each
 * by the product form's own save; answers how many were added and changed.
 */
export async function applyImport(plan: ImportPlan): Promise<{ added: number; changed: number }> {
  if (!plan.ok) throw new Error("applyImport: the plan has errors");
  let added = 0;
  let changed = 0;
  for (const row of plan.rows) {
    if (row.kind === "same") continue;
    const images = row.image ? [row.image] : [];
    const result =
      row.productId === null
        ? await createProductFromInput(row.values, images)
        : await updateProductFromInput(row.productId, row.values, images);
    if (!result.ok) throw new Error(`row ${row.line}: ${result.message}`);
    if (row.productId === null) added++;
    else changed++;
  }
  return { added, changed };
}
