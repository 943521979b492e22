import { sql, type RawBuilder } from "kysely";
import type { SearchTerm } from "~/lib/staff-search";
import { containsIgnoringCase } from "~/services/db.server";
import { noRows } from "~/services/dialect.server";

/**
 * The staff search box's term as a condition on a table of customers' details (orders or
 * quotes, which name their columns alike): readSearchText (app/lib/staff-search.ts) decides what
 * the text is; this says which rows have it. null: the term asks nothing of this table.
 */
export function contactMatches(
  term: SearchTerm,
  table: "orders" | "quotes",
): RawBuilder<boolean> | null {
  const column = (name: string) => `${table}.${name}`;
  switch (term.kind) {
    case "booking":
      return table === "orders" ? sql<boolean>`${sql.ref(column("id"))} = ${term.id}` : noRows;
    case "quote":
      return table === "quotes" ? sql<boolean>`${sql.ref(column("id"))} = ${term.id}` : noRows;
    case "number":
      return sql<boolean>`${sql.ref(column("id"))} = ${term.id}`;
    case "email":
      return containsIgnoringCase(column("email"), term.text);
    case "phone":
      // Kept as typed ("07700 900123", "+44 (0)7700-900123"): compared as its digits.
      return sql<boolean>`replace(replace(replace(replace(replace(${sql.ref(column("phone_number"))}, ' ', ''), '-', ''), '(', ''), ')', ''), '.', '') LIKE ${`%${term.digits}%`}`;
    case "postcode":
      return sql<boolean>`${sql.ref(column("postcode"))} = ${term.postcode}`;
    case "district":
      // Stored as Royal Mail writes it: the district, a space, the rest.
      return sql<boolean>`${sql.ref(column("postcode"))} LIKE ${`${term.outcode} %`}`;
    case "name":
      return containsIgnoringCase(column("full_name"), term.text);
    case "none":
      return null;
  }
}
