import type { QrCode } from "~/lib/qr-code";

/**
 * What a printed document says, as data: a DocumentSpec (the business, the
 * party, the meta rows, a table, totals and blocks of text) that the
 * documents in app/documents build and pdf.server.ts renders.
 */

export type ColumnAlign = "left" | "right";

export interface DocumentColumn {
  header: string;
  /** share of the table's width (the widths are weights: 3, 1, 1.5 …) */
  width: number;
  align?: ColumnAlign;
}

/** A table cell: its text, and optionally a smaller second line under it (left columns). */
export type DocumentCell = string | { text: string; detail?: string | null };

export interface DocumentTable {
  columns: DocumentColumn[];
  /** one cell per column; the header row is drawn again on every page the table reaches */
  rows: DocumentCell[][];
}

export interface LabelledValue {
  label: string;
  value: string;
}

/** A party in a "parties" block: like the document's party, a heading, a name, then lines. */
export interface DocumentParty {
  heading: string;
  name: string;
  lines: string[];
}

/** A signature line: "<label> <name>", the name in bold, and a small note under it. */
export interface DocumentSignature {
  label: string;
  name: string;
  note?: string;
}

/**
 * Text before the table (`beforeTable`) or after the totals (`blocks`), in order: headed
 * paragraphs (notes, terms), link lines, parties side by side (two columns: the transferor and
 * the carrier), a notice (a tinted box with an accent bar: what the reader must not miss),
 * signatures (one per line, each with a rule under it) and a QR code with its words and address
 * beside it (a hand-off another party scans).
 */
export type DocumentBlock =
  | { kind: "paragraphs"; heading?: string; paragraphs: string[] }
  | { kind: "link"; label: string; url: string }
  | { kind: "parties"; parties: DocumentParty[] }
  | { kind: "notice"; heading: string; text: string }
  | { kind: "signatures"; heading?: string; text?: string; signatures: DocumentSignature[] }
  | { kind: "qr"; heading: string; text: string; url: string; code: QrCode };

export interface DocumentSpec {
  /** the big heading ("Quote") and the PDF's Title */
  title: string;
  /** the PDF's CreationDate: given, so the same spec always gives the same bytes */
  createdAt: Date;
  /** the business: its name (also the PDF's Author and the footer) and lines under it */
  header: { name: string; lines: string[]; logo?: Uint8Array };
  /** who the document is for: a heading ("Quote for"), a name, then lines */
  party?: DocumentParty;
  /** reference, date, valid until …, beside the party block */
  meta: LabelledValue[];
  /** blocks between the party / meta rows and the table (the parties to a transfer …) */
  beforeTable?: DocumentBlock[];
  table?: DocumentTable;
  /** under the table, right-aligned; the last row is the bold one */
  totals: LabelledValue[];
  blocks: DocumentBlock[];
}
