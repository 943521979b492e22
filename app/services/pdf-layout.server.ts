import type {
  DocumentBlock,
  DocumentCell,
  DocumentParty,
  DocumentSignature,
  DocumentSpec,
  DocumentTable,
  LabelledValue,
} from "./pdf-spec.server";
import { qrRuns } from "~/lib/qr-code";

/**
 * Where each part of a document goes on an A4 page: the page's measures and
 * colours, and the Layout that draws the header, the party and meta rows, the
 * table, the totals, the blocks of text and the footers, page by page.
 */

const MM = 72 / 25.4;
export const MARGIN = Math.round(18 * MM); // 51 pt
export const FOOTER_SPACE = 28;
const SIZE = { name: 16, title: 24, body: 10.5, small: 10, heading: 11.5, total: 12 } as const;
const COLOR = {
  text: "#1a1a1a",
  muted: "#4f5652",
  accent: "#11734f",
  rule: "#c9d3ce",
  band: "#e3f1ea",
  link: "#0b5a3d",
} as const;
const CELL_PAD_X = 6;
const CELL_PAD_Y = 4;

type Doc = PDFKit.PDFDocument;
export class Layout {
  readonly left: number;
  readonly width: number;
  y: number;

  constructor(readonly doc: Doc) {
    this.left = doc.page.margins.left;
    this.width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
    this.y = doc.page.margins.top;
  }

  get bottom(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  /** Starts a new page unless `height` more points fit on this one; true when it did. */
  ensure(height: number): boolean {
    if (this.y + height <= this.bottom) return false;
    this.doc.addPage();
    this.y = this.doc.page.margins.top;
    return true;
  }

  style(font: "regular" | "bold", size: number, color: string = COLOR.text): Doc {
    return this.doc.font(font).fontSize(size).fillColor(color);
  }

  heightOf(text: string, width: number, font: "regular" | "bold", size: number): number {
    this.style(font, size);
    return this.doc.heightOfString(text, { width, lineGap: 1 });
  }

  write(
    text: string,
    x: number,
    y: number,
    width: number,
    options: PDFKit.Mixins.TextOptions = {},
  ): number {
    this.doc.text(text, x, y, { width, lineGap: 1, ...options });
    // measured with the same options: letter spacing can wrap a line the plain text would not
    return this.doc.heightOfString(text, { width, lineGap: 1, ...options });
  }

  rule(y: number, color: string = COLOR.rule, thickness = 0.75, x = this.left, width = this.width) {
    this.doc
      .save()
      .moveTo(x, y)
      .lineTo(x + width, y)
      .lineWidth(thickness)
      .strokeColor(color)
      .stroke()
      .restore();
  }

  /** The business on the left, the title on the right, an accent rule under both. */
  header(spec: DocumentSpec) {
    // 150 pt holds "Quote" and "Receipt"; a longer title ("Waste transfer note") gets the width
    // it needs on one line, up to half the page, in a smaller size if it must (never under 18 pt);
    // the business's lines wrap beside it.
    this.style("bold", SIZE.title);
    const natural = this.doc.widthOfString(spec.title);
    const titleWidth = Math.min(this.width / 2, Math.max(150, Math.ceil(natural) + 2));
    const titleSize = Math.max(18, Math.min(SIZE.title, (SIZE.title * (titleWidth - 2)) / natural));
    const leftWidth = this.width - titleWidth - 12;
    let y = this.y;
    // The business's logo above its name, at most 44 pt high and as wide as the column allows.
    if (spec.header.logo) {
      this.doc.image(Buffer.from(spec.header.logo), this.left, y, { fit: [leftWidth, 44] });
      y += 50;
    }
    this.style("bold", SIZE.name, COLOR.accent);
    y += this.write(spec.header.name, this.left, y, leftWidth);
    y += 4;
    this.style("regular", SIZE.small, COLOR.muted);
    for (const line of spec.header.lines) y += this.write(line, this.left, y, leftWidth);
    this.style("bold", titleSize, COLOR.text);
    const titleBottom =
      this.y +
      this.write(spec.title, this.left + this.width - titleWidth, this.y - 3, titleWidth, {
        align: "right",
      });
    this.y = Math.max(y, titleBottom) + 10;
    this.rule(this.y, COLOR.accent, 2);
    this.y += 16;
  }

  /** Who it is for on the left; reference, dates … as label / value rows on the right. */
  partyAndMeta(spec: DocumentSpec) {
    const gap = 20;
    const metaWidth = 255;
    const half = this.width - metaWidth - gap;
    const metaX = this.left + this.width - metaWidth;
    const labelWidth = 72;
    const partyY = spec.party ? this.party(spec.party, this.left, this.y, half) : this.y;
    let metaY = this.y;
    for (const row of spec.meta) {
      this.style("regular", SIZE.small, COLOR.muted);
      const labelHeight = this.write(row.label, metaX, metaY + 0.5, labelWidth);
      this.style("bold", SIZE.body);
      const valueHeight = this.write(row.value, metaX + labelWidth, metaY, metaWidth - labelWidth);
      metaY += Math.max(labelHeight, valueHeight) + 3;
    }
    this.y = Math.max(partyY, metaY) + 18;
  }

  table(table: DocumentTable) {
    const weights = table.columns.reduce((sum, column) => sum + column.width, 0);
    const widths = table.columns.map((column) => (column.width / weights) * this.width);
    const xs = widths.map((_, i) => this.left + widths.slice(0, i).reduce((a, b) => a + b, 0));
    const inner = (i: number) => widths[i]! - 2 * CELL_PAD_X;

    // a header wraps within its column ("Unit price excluding VAT"); one line is the usual height
    const headerHeight =
      Math.max(
        this.heightOf("Ag", 100, "bold", SIZE.small),
        ...table.columns.map((column, i) =>
          this.heightOf(column.header, inner(i), "bold", SIZE.small),
        ),
      ) +
      2 * CELL_PAD_Y;
    const drawHeader = () => {
      this.doc.save().rect(this.left, this.y, this.width, headerHeight).fill(COLOR.band).restore();
      this.style("bold", SIZE.small, COLOR.accent);
      table.columns.forEach((column, i) => {
        this.write(column.header, xs[i]! + CELL_PAD_X, this.y + CELL_PAD_Y, inner(i), {
          align: column.align ?? "left",
        });
      });
      this.y += headerHeight;
    };

    const cellHeight = (cell: DocumentCell, i: number): number => {
      const { text, detail } = typeof cell === "string" ? { text: cell, detail: null } : cell;
      let height = this.heightOf(text, inner(i), "regular", SIZE.body);
      if (detail) height += 1 + this.heightOf(detail, inner(i), "regular", SIZE.small);
      return height;
    };

    this.ensure(headerHeight + 40);
    drawHeader();
    for (const row of table.rows) {
      const height = Math.max(...row.map((cell, i) => cellHeight(cell, i))) + 2 * CELL_PAD_Y;
      if (this.ensure(height)) drawHeader();
      row.forEach((cell, i) => {
        const { text, detail } = typeof cell === "string" ? { text: cell, detail: null } : cell;
        const align = table.columns[i]?.align ?? "left";
        const x = xs[i]! + CELL_PAD_X;
        let y = this.y + CELL_PAD_Y;
        this.style("regular", SIZE.body);
        y += this.write(text, x, y, inner(i), { align });
        if (detail) {
          this.style("regular", SIZE.small, COLOR.muted);
          this.write(detail, x, y + 1, inner(i), { align });
        }
      });
      this.y += height;
      this.rule(this.y);
    }
    this.y += 8;
  }

  /** Label / value rows against the right edge; a rule above the last, bold, row. */
  totals(rows: LabelledValue[]) {
    const width = Math.min(300, this.width);
    const valueWidth = 100;
    const x = this.left + this.width - width;
    const heights = rows.map((row, i) => {
      const last = i === rows.length - 1;
      return (
        this.heightOf(
          row.label,
          width - valueWidth,
          last ? "bold" : "regular",
          last ? SIZE.total : SIZE.body,
        ) + 6
      );
    });
    this.ensure(heights.reduce((a, b) => a + b, 0) + 12);
    rows.forEach((row, i) => {
      const last = i === rows.length - 1;
      if (last) {
        this.rule(this.y + 1, COLOR.text, 1, x, width);
        this.y += 6;
      }
      this.style(last ? "bold" : "regular", last ? SIZE.total : SIZE.body);
      this.write(row.label, x, this.y, width - valueWidth - CELL_PAD_X, { align: "right" });
      this.write(row.value, x + width - valueWidth, this.y, valueWidth - CELL_PAD_X, {
        align: "right",
      });
      this.y += heights[i]!;
    });
    this.y += 14;
  }

  /** A party's heading (small capitals), name (bold) and lines at (x, y); returns the y under it. */
  party(party: DocumentParty, x: number, y: number, width: number, draw = true): number {
    const write = (text: string, options: PDFKit.Mixins.TextOptions = {}) =>
      draw
        ? this.write(text, x, y, width, options)
        : this.doc.heightOfString(text, { width, lineGap: 1, ...options });
    this.style("regular", SIZE.small, COLOR.muted);
    y += write(party.heading.toUpperCase(), { characterSpacing: 0.5 });
    y += 3;
    this.style("bold", SIZE.heading);
    y += write(party.name);
    this.style("regular", SIZE.body);
    for (const line of party.lines) y += write(line);
    return y;
  }

  block(block: DocumentBlock) {
    if (block.kind === "parties") return this.parties(block.parties);
    if (block.kind === "notice") return this.notice(block.heading, block.text);
    if (block.kind === "signatures") return this.signatures(block);
    if (block.kind === "qr") return this.qr(block);
    if (block.kind === "link") {
      // The address on a line of its own: after the label it would wrap at a hyphen in the
      // link's token, and the printed address would be split in two.
      const labelHeight = this.heightOf(block.label, this.width, "bold", SIZE.body);
      const urlHeight = this.heightOf(block.url, this.width, "regular", SIZE.body);
      this.ensure(labelHeight + urlHeight + 4);
      this.style("bold", SIZE.body);
      this.doc.text(block.label, this.left, this.y, { width: this.width, lineGap: 1 });
      this.y += labelHeight;
      this.doc.font("regular").fillColor(COLOR.link).text(block.url, this.left, this.y, {
        width: this.width,
        link: block.url,
        underline: true,
        lineGap: 1,
      });
      this.y += urlHeight + 12;
      return;
    }
    if (block.heading) {
      const first = block.paragraphs[0] ?? "";
      const headingHeight = this.heightOf(block.heading, this.width, "bold", SIZE.heading);
      // keep a heading with the start of its first paragraph
      this.ensure(
        headingHeight + Math.min(40, this.heightOf(first, this.width, "regular", SIZE.body)),
      );
      this.style("bold", SIZE.heading);
      this.y += this.write(block.heading, this.left, this.y, this.width) + 3;
    }
    for (const paragraph of block.paragraphs) {
      const height = this.heightOf(paragraph, this.width, "regular", SIZE.body);
      // a paragraph taller than what is left of the page flows on by itself
      if (height < this.bottom - this.doc.page.margins.top) this.ensure(height);
      this.style("regular", SIZE.body);
      this.doc.text(paragraph, this.left, this.y, { width: this.width, lineGap: 1 });
      this.y = this.doc.y + 5;
    }
    this.y += 10;
  }

  /** Parties side by side in equal columns, kept on one page, with a rule above them. */
  parties(parties: DocumentParty[]) {
    const gap = 20;
    const count = Math.max(1, parties.length);
    const width = (this.width - gap * (count - 1)) / count;
    const x = (i: number) => this.left + i * (width + gap);
    const height = Math.max(...parties.map((party, i) => this.party(party, x(i), 0, width, false)));
    this.ensure(height + 12);
    this.rule(this.y);
    const top = this.y + 10;
    const bottoms = parties.map((party, i) => this.party(party, x(i), top, width));
    this.y = Math.max(top, ...bottoms) + 18;
  }

  /**
   * A QR code 40 mm square (a phone reads it from arm's length), black on white, its heading, words
   * and address beside it, all on one page.
   */
  qr(block: Extract<DocumentBlock, { kind: "qr" }>) {
    const side = 40 * MM;
    const gap = 14;
    const textWidth = this.width - side - gap;
    this.ensure(side + 12);
    const module = side / block.code.size;
    this.doc.save().fillColor("#000000");
    for (const run of qrRuns(block.code))
      this.doc.rect(
        this.left + run.x * module,
        this.y + run.y * module,
        run.width * module,
        module,
      );
    this.doc.fill().restore();
    const x = this.left + side + gap;
    let y = this.y + 4 * module;
    this.style("bold", SIZE.heading);
    y += this.write(block.heading, x, y, textWidth) + 3;
    this.style("regular", SIZE.body);
    y += this.write(block.text, x, y, textWidth) + 5;
    this.doc.fillColor(COLOR.link).text(block.url, x, y, {
      width: textWidth,
      link: block.url,
      underline: true,
      lineGap: 1,
    });
    this.y += side + 12;
  }

  /** A tinted box with an accent bar on its left: a bold heading, then the text. */
  notice(heading: string, text: string) {
    const pad = 8;
    const bar = 3;
    const inner = this.width - 2 * pad - bar;
    const height =
      this.heightOf(heading, inner, "bold", SIZE.body) +
      2 +
      this.heightOf(text, inner, "regular", SIZE.body) +
      2 * pad;
    this.ensure(height);
    this.doc.save().rect(this.left, this.y, this.width, height).fill(COLOR.band).restore();
    this.doc.save().rect(this.left, this.y, bar, height).fill(COLOR.accent).restore();
    let y = this.y + pad;
    this.style("bold", SIZE.body);
    y += this.write(heading, this.left + bar + pad, y, inner) + 2;
    this.style("regular", SIZE.body);
    this.write(text, this.left + bar + pad, y, inner);
    this.y += height + 14;
  }

  /**
   * Signatures, one per line: the label, then the name in bold on the same line (wrapping if it
   * must), a rule under it and a small note under the rule; the heading and the text (what is
   * signed: a declaration) above them, all on one page.
   */
  signatures({
    heading,
    text,
    signatures,
  }: {
    heading?: string;
    text?: string;
    signatures: DocumentSignature[];
  }) {
    const lineOf = (signature: DocumentSignature) => `${signature.label} ${signature.name}`;
    const heights = signatures.map(
      (signature) =>
        this.heightOf(lineOf(signature), this.width, "bold", SIZE.heading) +
        6 +
        (signature.note
          ? this.heightOf(signature.note, this.width, "regular", SIZE.small) + 2
          : 0) +
        14,
    );
    const headingHeight = heading
      ? this.heightOf(heading, this.width, "bold", SIZE.heading) + 3
      : 0;
    const textHeight = text ? this.heightOf(text, this.width, "regular", SIZE.body) + 10 : 0;
    // the heading, the text and every signature on one page: they are signed as a whole
    this.ensure(headingHeight + textHeight + heights.reduce((a, b) => a + b, 0));
    if (heading) {
      this.style("bold", SIZE.heading);
      this.y += this.write(heading, this.left, this.y, this.width) + 3;
    }
    if (text) {
      this.style("regular", SIZE.body);
      this.y += this.write(text, this.left, this.y, this.width) + 10;
    }
    signatures.forEach((signature, i) => {
      this.style("regular", SIZE.heading);
      this.doc.text(`${signature.label} `, this.left, this.y, {
        width: this.width,
        lineGap: 1,
        continued: true,
      });
      this.doc.font("bold").text(signature.name, { lineGap: 1 });
      let y = this.y + this.heightOf(lineOf(signature), this.width, "bold", SIZE.heading) + 3;
      this.rule(y, COLOR.muted, 0.75);
      y += 3;
      if (signature.note) {
        this.style("regular", SIZE.small, COLOR.muted);
        this.write(signature.note, this.left, y, this.width);
      }
      this.y += heights[i]!;
    });
    this.y += 6;
  }

  /** "Page n of N" and the business name at the foot of every page. */
  footers(name: string) {
    const range = this.doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      this.doc.switchToPage(i);
      const page = this.doc.page;
      const bottomMargin = page.margins.bottom;
      // Below the content's bottom margin: drawing there must not start a new page.
      page.margins.bottom = 0;
      const y = page.height - MARGIN - FOOTER_SPACE + 12;
      this.rule(y - 5);
      this.style("regular", SIZE.small, COLOR.muted);
      this.doc.text(name, this.left, y, { width: this.width / 2, lineBreak: false });
      this.doc.text(`Page ${i + 1} of ${range.count}`, this.left + this.width / 2, y, {
        width: this.width / 2,
        align: "right",
        lineBreak: false,
      });
      page.margins.bottom = bottomMargin;
    }
  }
}
