import type { ColumnType, Generated } from "kysely";
import type { CreatedAt, UpdatedAt } from "./schema-columns";

// The shop's own words as staff keep them (0019, 0020, 0021; docs/rules.md#content).

export interface SiteContentTable {
  id: Generated<number>;
  kind: "claim" | "testimonial" | "reason" | "service" | "faq" | "step";
  sort_order: number;
  title: string;
  body: string;
  place: Generated<string>;
  service: Generated<string>;
  rating: number | null;
  /** 1 for the spec's demo content (SEED_DEMO) */
  demo: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** a reason's icon or a service's drawing, a key of the shop's own set (0021) */
  icon: Generated<string>;
}

/** A blog post (0020): Markdown, dated, with an uploaded picture or a drawing the shop carries. */
export interface BlogPostsTable {
  id: Generated<number>;
  /** made from the first title, kept when it changes */
  slug: string;
  title: string;
  /** what the cards show, plain text */
  summary: string;
  /** Markdown */
  body: string;
  /** the day it is dated, YYYY-MM-DD */
  published_on: string;
  /** an uploaded picture (the original; its WebP variants point to it) */
  image_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** a drawing the shop carries, a public path (the demo posts') */
  illustration: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 for the spec's demo posts (SEED_DEMO) */
  demo: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}
