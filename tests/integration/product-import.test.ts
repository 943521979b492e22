import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv, toCsv } from "~/lib/csv";
import { rows } from "../support/database";
import { phonePhoto } from "../support/images";
import { startServer, type RunningServer } from "../support/server";
import { followRedirect, signInStaff, type SignedIn } from "../support/staff";

/**
 * The catalogue as CSV (docs/rules.md#the-catalogue-as-csv): the export has every product on
 * sale; a file with changes and new products is checked row by row, changing nothing, with every
 * row's errors; Import saves it only when every row passes, pictures of new products uploaded
 * beside it.
 */

let server: RunningServer;
let staff: SignedIn;
beforeAll(async () => {
  server = await startServer();
  staff = await signInStaff(server);
});
afterAll(async () => {
  await server?.stop();
});

const exported = async () => {
  const res = await fetch(`${server.url}/dashboard/products/export.csv`, {
    headers: { cookie: staff.cookie },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(res.headers.get("content-disposition")).toMatch(
    /^attachment; filename="catalogue-\d{4}-\d{2}-\d{2}\.csv"$/,
  );
  return parseCsv(await res.text());
};

async function send(
  intent: "check" | "import",
  table: string[][],
  pictures: { name: string; bytes: Buffer }[] = [],
) {
  const body = new FormData();
  body.append("intent", intent);
  body.append("csv", new Blob([toCsv(table)], { type: "text/csv" }), "catalogue.csv");
  for (const picture of pictures)
    body.append(
      "images",
      new Blob([new Uint8Array(picture.bytes)], { type: "image/jpeg" }),
      picture.name,
    );
  return fetch(`${server.url}/dashboard/products/import`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: staff.cookie, origin: server.url },
    body,
  });
}

/** The report's rows as a person reads them: one line each. */
const report = (html: string) =>
  [
    ...html
      .replaceAll("<!-- -->", "")
      .matchAll(/<li class="import-row[^"]*" data-testid="import-row">([\s\S]*?)<\/li>/g),
  ].map((m) =>
    m[1]!
      .replace(/<[^>]+>/g, " ")
      .replaceAll("&amp;", "&")
      .replace(/\s+/g, " ")
      .trim(),
  );

const products = () =>
  rows<{ id: number; name: string; price_pence: number; load_hundredths: number }>(
    server,
    "SELECT id, name, price_pence, load_hundredths FROM products WHERE retired_at IS NULL ORDER BY id",
  );

describe("the catalogue as CSV", () => {
  it("exports every product on sale under the /api's names, and an unchanged file imports as no change", async () => {
    const table = await exported();
    expect(table[0]).toEqual([
      "id",
      "product_name",
      "product_price",
      "product_description",
      "product_category",
      "inside_dismantle_price",
      "inside_no_dismantle_price",
      "outside_price",
      "load",
      "handling_minutes",
      "waste_description",
      "low_code",
      "pops",
      "hazardous",
      "physical_form",
      "container_type",
      "weight_kg",
      "pops_source",
      "pop_codes",
      "hp_codes",
      "image",
    ]);
    expect(table).toHaveLength((await products()).length + 1);
    const checked = await send("check", table);
    expect(checked.status).toBe(200);
    const lines = report(await checked.text());
    expect(lines).toHaveLength(table.length - 1);
    expect(lines.every((line) => / · No change · /.test(line))).toBe(true);
  });

  it("carries Defra's waste facts: a weight and a hazardous product's properties change by the file", async () => {
    const [header, ...body] = await exported();
    const column = (name: string) => header!.indexOf(name);
    const hazardous = body.find((row) => row[column("hazardous")] === "yes")!;
    expect(hazardous[column("hp_codes")]).not.toBe("");
    const changed = [...hazardous];
    changed[column("weight_kg")] = "61.5";
    changed[column("hp_codes")] = "HP14, HP 6";
    const checked = await send("check", [header!, changed]);
    const html = await checked.text();
    expect(checked.status, report(html).join("\n")).toBe(200);
    expect(report(html)[0]).toMatch(
      /weight of one \(kg\): [\d.]* → 61\.5; hazardous properties: [A-Z_0-9, ]+ → HP_14, HP_6$/,
    );
    expect((await send("import", [header!, changed])).status).toBe(303);
    const [stored] = await rows<{ weight_grams: number; hp_codes: string }>(
      server,
      "SELECT weight_grams, hp_codes FROM products WHERE id = ?",
      Number(hazardous[column("id")]),
    );
    expect(stored).toEqual({ weight_grams: 61_500, hp_codes: "HP_14,HP_6" });

    // Hazardous with none: refused on its line.
    const none = [...hazardous];
    none[column("hp_codes")] = "";
    const refused = await send("check", [header!, none]);
    expect(refused.status).toBe(400);
    expect(report(await refused.text())[0]).toContain(
      "hp_codes: Choose at least one hazardous property",
    );
  });

  it("checks a file with errors row by row and changes nothing, even when Import is pressed", async () => {
    const [header, first, second] = await exported();
    const before = await products();
    const column = (name: string) => header!.indexOf(name);
    const changed = [...first!];
    changed[column("product_price")] = "12.345";
    const unknown = [...second!];
    unknown[column("id")] = "99999";
    const newWithoutPicture = header!.map((name) =>
      name === "id" ? "" : name === "image" ? "" : (first![column(name)] ?? ""),
    );
    for (const intent of ["check", "import"] as const) {
      const res = await send(intent, [header!, changed, unknown, newWithoutPicture]);
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html).toContain("3 of 3 rows cannot be imported: nothing was changed");
      const lines = report(html);
      expect(lines[0]).toContain("Line 2 · Error");
      expect(lines[0]).toContain(
        "product_price: Please enter the price in pounds, such as 45 or 45.50",
      );
      expect(lines[1]).toContain("There is no product 99999 on sale: leave id empty to add it.");
      expect(lines[2]).toContain(
        "A new product needs a picture: name a file uploaded beside the CSV in its image column.",
      );
    }
    expect(await products()).toEqual(before);

    const bad = await send("check", [
      ["name", "price"],
      ["Sofa", "45"],
    ]);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain(
      "Unknown columns: name, price. The columns are those of an exported file.",
    );
  });

  it("imports changes and a new product with its picture, after a check that lists them", async () => {
    const [header, first, second] = await exported();
    const column = (name: string) => header!.indexOf(name);
    const cheaper = [...first!];
    cheaper[column("product_price")] = "19.5";
    cheaper[column("load")] = "2.25";
    const same = [...second!];
    const added = header!.map(
      (name) =>
        ({
          id: "",
          product_name: "Garden bench",
          product_price: "38",
          product_description: "A wooden or metal garden bench, carried from the garden.",
          product_category: first![column("product_category")] ?? "",
          load: "1.5",
          handling_minutes: "12",
          image: "bench.jpg",
        })[name] ?? "",
    );
    const table = [header!, cheaper, same, added];
    const pictures = [{ name: "bench.jpg", bytes: await phonePhoto("#7a5230") }];

    const checked = await send("check", table, pictures);
    const html = await checked.text();
    expect(checked.status, report(html).join("\n")).toBe(200);
    expect(html).toContain("All 3 rows can be imported: press Import to save them");
    const lines = report(html);
    expect(lines[0]).toMatch(
      /^Line 2 · Changed · .+ price: £\d+\.\d{2} → £19\.50; load \(yd³\): [\d.]+ → 2\.25$/,
    );
    expect(lines[1]).toMatch(/^Line 3 · No change · /);
    expect(lines[2]).toMatch(/^Line 4 · New · Garden bench £38\.00, /);
    expect((await products()).some((p) => p.name === "Garden bench")).toBe(false);

    const imported = await send("import", table, pictures);
    expect(imported.status).toBe(303);
    expect((await followRedirect(server, imported, staff.cookie)).html).toContain(
      "Imported: 1 product added, 1 changed.",
    );
    const after = await products();
    const id = Number(first![column("id")]);
    expect(after.find((p) => p.id === id)).toMatchObject({
      price_pence: 1950,
      load_hundredths: 225,
    });
    const bench = after.find((p) => p.name === "Garden bench")!;
    expect(bench).toMatchObject({ price_pence: 3800, load_hundredths: 150 });
    // On sale at once, with its picture.
    const page = await (await fetch(`${server.url}/product/${bench.id}`)).text();
    expect(page).toContain("Garden bench");
    expect(page).toMatch(/\/api\/products\/image\/[0-9a-f]{64}/);
  });

  it("is for staff only", async () => {
    expect(
      (await fetch(`${server.url}/dashboard/products/export.csv`, { redirect: "manual" })).status,
    ).toBe(302);
    expect(
      (await fetch(`${server.url}/dashboard/products/import`, { redirect: "manual" })).status,
    ).toBe(302);
  });
});
