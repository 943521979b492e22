import { sql, type Kysely } from "kysely";
import type { DB } from "./db.server";

/**
 * The copy's check before it commits (app/services/database-copy.server.ts): each table's row
 * count and the sum of each of its *_pence columns, on the source and on the copy, and the report
 * of any that differ.
 */

type AnyDb = Kysely<DB>;

/** One line of the comparison: a table's rows, or the sum of one of its pence columns. */
export interface Measure {
  table: string;
  /** "rows", or a *_pence column's name (its sum) */
  what: string;
  source: number | string;
  copy: number | string;
}

export const measureDiffers = (m: Measure) => String(m.source) !== String(m.copy);

/** The comparison as a short table, one line a measure; a line that differs is marked. */
export function formatMeasures(measures: readonly Measure[]): string {
  const labels = measures.map((m) => (m.what === "rows" ? m.table : `${m.table}.${m.what}`));
  const width = Math.max(5, ...labels.map((l) => l.length));
  const numbers = measures.flatMap((m) => [String(m.source), String(m.copy)]);
  const column = Math.max(6, ...numbers.map((n) => n.length));
  const header = `${"table".padEnd(width)}  ${"source".padStart(column)}  ${"copy".padStart(column)}`;
  const lines = measures.map(
    (m, i) =>
      `${labels[i]!.padEnd(width)}  ${String(m.source).padStart(column)}  ${String(m.copy).padStart(column)}` +
      (measureDiffers(m) ? "  <- differs" : ""),
  );
  return [header, ...lines].join("\n");
}

/** Thrown when the copy does not match its source; the copy was rolled back. */
export class CopyMismatchError extends Error {
  constructor(readonly measures: Measure[]) {
    const differing = measures
      .filter(measureDiffers)
      .map((m) => `${m.table} ${m.what}: ${m.source} in the source, ${m.copy} in the copy`);
    super(
      `Failed: the copy does not match the source (${differing.join("; ")}). ` +
        "It was rolled back: the target holds none of the shop's rows.",
    );
  }
}

/** A table's row count and the sum of each of its *_pence columns. */
async function tally(
  db: AnyDb,
  table: string,
  penceColumns: readonly string[],
): Promise<Record<string, number | string>> {
  const sums = penceColumns.map(
    (c) => sql`coalesce(sum(${sql.ref(c)}), 0) AS ${sql.ref(`sum_${c}`)}`,
  );
  const { rows } = await sql<Record<string, number | string>>`SELECT ${sql.join([
    sql`count(*) AS n`,
    ...sums,
  ])} FROM ${sql.table(table)}`.execute(db);
  const row = rows[0]!;
  return Object.fromEntries([["rows", row.n!], ...penceColumns.map((c) => [c, row[`sum_${c}`]!])]);
}

/**
 * Every table's rows and pence sums on both sides, in the order given; `columns` are the source's
 * tables and their columns.
 */
export async function measureBoth(
  source: AnyDb,
  target: AnyDb,
  columns: Map<string, string[]>,
  tables: readonly string[],
): Promise<Measure[]> {
  const measures: Measure[] = [];
  for (const table of tables) {
    const pence = (columns.get(table) ?? []).filter((c) => c.endsWith("_pence"));
    const a = await tally(source, table, pence);
    const b = await tally(target, table, pence);
    for (const what of ["rows", ...pence])
      measures.push({ table, what, source: a[what]!, copy: b[what]! });
  }
  return measures;
}
