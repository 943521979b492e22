import type { Migration, MigrationProvider } from "kysely";
import type { Engine } from "./dialect";
import * as m0001 from "./0001_initial";
import * as m0002 from "./0002_rate_limits";
import * as m0003 from "./0003_order_search_indexes";
import * as m0004 from "./0004_payments";
import * as m0005 from "./0005_staff_sessions";
import * as m0006 from "./0006_hardening_payments";
import * as m0006pg from "./0006_postgres_baseline";
import * as m0007 from "./0007_quote_prices";
import * as m0008 from "./0008_waste_classes";
import * as m0009 from "./0009_job_completions";
import * as m0010 from "./0010_manage_links";
import * as m0011 from "./0011_cancellations";
import * as m0012 from "./0012_changes_and_schedule";
import * as m0013 from "./0013_loads_and_fleet";
import * as m0014 from "./0014_arrival_windows";
import * as m0015 from "./0015_shared_pages";
import * as m0016 from "./0016_day_fill_indexes";
import * as m0017 from "./0017_refused_payments";
import * as m0018 from "./0018_pending_uploads";
import * as m0019 from "./0019_site_content";
import * as m0020 from "./0020_blog_posts";
import * as m0021 from "./0021_more_site_content";
import * as m0022 from "./0022_area_surcharges";
import * as m0023 from "./0023_payment_links";
import * as m0024 from "./0024_inbox";
import * as m0025 from "./0025_job_extras";
import * as m0026 from "./0026_extras_links_and_banking";
import * as m0027 from "./0027_waste_facts";
import * as m0028 from "./0028_receiving_sites";
import * as m0029 from "./0029_waste_line_weights";
import * as m0030 from "./0030_tip_runs";
import * as m0031 from "./0031_completion_vehicle";
import * as m0032 from "./0032_tip_run_handoff";
import * as m0033 from "./0033_waste_line_facts";
import * as m0034 from "./0034_staff_roles";
import * as m0035 from "./0035_postcode_places";
import * as m0036 from "./0036_on_my_way";
import * as m0037 from "./0037_vans";

/**
 * The ordered list of migrations, imported statically so the built server
 * carries them (no directory scan at run time). Append; never reorder.
 */
export const migrations: Record<string, Migration> = {
  "0001_initial": m0001,
  "0002_rate_limits": m0002,
  "0003_order_search_indexes": m0003,
  "0004_payments": m0004,
  "0005_staff_sessions": m0005,
  "0006_hardening_payments": m0006,
  "0007_quote_prices": m0007,
  "0008_waste_classes": m0008,
  "0009_job_completions": m0009,
  "0010_manage_links": m0010,
  "0011_cancellations": m0011,
  "0012_changes_and_schedule": m0012,
  "0013_loads_and_fleet": m0013,
  "0014_arrival_windows": m0014,
  "0015_shared_pages": m0015,
  "0016_day_fill_indexes": m0016,
  "0017_refused_payments": m0017,
  "0018_pending_uploads": m0018,
  "0019_site_content": m0019,
  "0020_blog_posts": m0020,
  "0021_more_site_content": m0021,
  "0022_area_surcharges": m0022,
  "0023_payment_links": m0023,
  "0024_inbox": m0024,
  "0025_job_extras": m0025,
  "0026_extras_links_and_banking": m0026,
  "0027_waste_facts": m0027,
  "0028_receiving_sites": m0028,
  "0029_waste_line_weights": m0029,
  "0030_tip_runs": m0030,
  "0031_completion_vehicle": m0031,
  "0032_tip_run_handoff": m0032,
  "0033_waste_line_facts": m0033,
  "0034_staff_roles": m0034,
  "0035_postcode_places": m0035,
  "0036_on_my_way": m0036,
  "0037_vans": m0037,
};

/**
 * PostgreSQL's list (docs/decisions/016-postgresql.md): one baseline that
 * creates the schema SQLite has after 0001…0006, then the shared migrations.
 * From 0007 on a migration is written once, for both engines (what must
 * differ comes from ./dialect.ts), and appended to both lists.
 */
export const postgresMigrations: Record<string, Migration> = {
  "0006_postgres_baseline": m0006pg,
  "0007_quote_prices": m0007,
  "0008_waste_classes": m0008,
  "0009_job_completions": m0009,
  "0010_manage_links": m0010,
  "0011_cancellations": m0011,
  "0012_changes_and_schedule": m0012,
  "0013_loads_and_fleet": m0013,
  "0014_arrival_windows": m0014,
  "0015_shared_pages": m0015,
  "0016_day_fill_indexes": m0016,
  "0017_refused_payments": m0017,
  "0018_pending_uploads": m0018,
  "0019_site_content": m0019,
  "0020_blog_posts": m0020,
  "0021_more_site_content": m0021,
  "0022_area_surcharges": m0022,
  "0023_payment_links": m0023,
  "0024_inbox": m0024,
  "0025_job_extras": m0025,
  "0026_extras_links_and_banking": m0026,
  "0027_waste_facts": m0027,
  "0028_receiving_sites": m0028,
  "0029_waste_line_weights": m0029,
  "0030_tip_runs": m0030,
  "0031_completion_vehicle": m0031,
  "0032_tip_run_handoff": m0032,
  "0033_waste_line_facts": m0033,
  "0034_staff_roles": m0034,
  "0035_postcode_places": m0035,
  "0036_on_my_way": m0036,
  "0037_vans": m0037,
};

/** SQLite's migrations (the list above). */
export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};

const postgresProvider: MigrationProvider = {
  getMigrations: async () => postgresMigrations,
};

/** The migrations for an engine. */
export function migrationProviderFor(engine: Engine): MigrationProvider {
  return engine === "postgres" ? postgresProvider : migrationProvider;
}
