import type { ColumnType } from "kysely";

/** A row's creation time: ISO-8601 UTC text the database writes by default, never changed. */
export type CreatedAt = ColumnType<string, string | undefined, never>;

/** A row's last change: ISO-8601 UTC text, written by every update. */
export type UpdatedAt = ColumnType<string, string | undefined, string>;
