import type { ColumnType, Generated } from "kysely";
import type { CreatedAt } from "./schema-columns";

// The office's inbox (0024; docs/rules.md#the-inbox).

/** A message from the website's contact form, kept until the office has dealt with it. */
export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  message: string;
  created_at: CreatedAt;
  /** when the office marked it handled (by answering it, or by hand); null while it is new */
  handled_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** who did: a staff username */
  handled_by: ColumnType<string | null, string | null | undefined, string | null>;
}

/** An answer sent from the dashboard, by email through the outbox. */
export interface ContactRepliesTable {
  id: Generated<number>;
  message_id: number;
  body: string;
  sent_by: string;
  /** the outbox row that carries it (null once the outbox has forgotten it) */
  outbox_id: number | null;
  created_at: CreatedAt;
}
