import { sql, type Kysely } from "kysely";

/**
 * A job's waste lines keep the waste facts of their product as they were when the job was done
 * (issue 33; docs/rules.md#the-defra-record): physical form, container, how POPs are known and
 * which, hazardous properties. The Defra record is of that day's waste: a product changed later
 * changes no record. Null for a line with no product (the defaults: solid, loose). Lines of jobs
 * done before are filled from their products as they are now. The same words for both engines.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  for (const column of ["physical_form", "container_type", "pops_source", "pop_codes", "hp_codes"])
    await run(`ALTER TABLE job_waste_lines ADD COLUMN ${column} TEXT`);
  await run(`UPDATE job_waste_lines SET
    physical_form = (SELECT physical_form FROM products WHERE products.id = job_waste_lines.product_id),
    container_type = (SELECT container_type FROM products WHERE products.id = job_waste_lines.product_id),
    pops_source = (SELECT pops_source FROM products WHERE products.id = job_waste_lines.product_id),
    pop_codes = (SELECT pop_codes FROM products WHERE products.id = job_waste_lines.product_id),
    hp_codes = (SELECT hp_codes FROM products WHERE products.id = job_waste_lines.product_id)
    WHERE product_id IS NOT NULL`);
}

export async function down(): Promise<void> {
  throw new Error("0033_waste_line_facts cannot be undone: restore the backup taken before it.");
}
