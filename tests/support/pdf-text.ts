import type { TextItem } from "pdfjs-dist/types/src/display/api";

/** What a PDF says, read back the way a viewer reads it (pdf.js). */
export interface PdfText {
  /** each page's text, in reading order, one line of the page per line */
  pages: string[];
  /** each page's size in points at scale 1 */
  sizes: { width: number; height: number }[];
  /** the document's information dictionary (Title, Author, CreationDate …) */
  info: Record<string, unknown>;
  /** the names of the fonts the pages use, as pdf.js loaded them */
  fonts: { name: string; embedded: boolean }[];
  /** URIs of the link annotations, page by page */
  links: string[][];
}

type TextPiece = Pick<TextItem, "str" | "transform">;

/** Extracts the text of every page of `bytes` with pdf.js (no worker, fonts as the file has them). */
export async function pdfText(bytes: Uint8Array): Promise<PdfText> {
  // Loaded by the first PDF read: a test file that reads none does not load pdf.js (0.2 s).
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const task = getDocument({
    // pdf.js takes ownership of (detaches) the buffer it is given
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  });
  const pdf = await task.promise;
  try {
    const pages: string[] = [];
    const sizes: PdfText["sizes"] = [];
    const links: string[][] = [];
    const fonts = new Map<string, boolean>();
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const { width, height } = page.getViewport({ scale: 1 });
      sizes.push({ width, height });
      const content = await page.getTextContent();
      pages.push(joinLines(content.items.filter((item): item is TextItem => "str" in item)));
      // The operator list makes pdf.js load the page's fonts, which then appear in commonObjs.
      await page.getOperatorList();
      for (const name of Object.keys(content.styles)) {
        const font = page.commonObjs.has(name)
          ? (page.commonObjs.get(name) as { name?: string; missingFile?: boolean })
          : undefined;
        if (font) fonts.set(font.name ?? name, !font.missingFile);
      }
      const annotations = (await page.getAnnotations()) as { url?: string }[];
      links.push(annotations.flatMap((annotation) => (annotation.url ? [annotation.url] : [])));
    }
    const metadata = await pdf.getMetadata();
    return {
      pages,
      sizes,
      info: metadata.info as Record<string, unknown>,
      fonts: [...fonts].map(([name, embedded]) => ({ name, embedded })),
      links,
    };
  } finally {
    await task.destroy();
  }
}

/** Pieces on one baseline (within 2 pt) become one line, left to right, separated by a space. */
function joinLines(items: TextPiece[]): string {
  const lines: { y: number; pieces: { x: number; str: string }[] }[] = [];
  for (const item of items) {
    if (item.str === "") continue;
    const y = item.transform[5]!;
    let line = lines.find((candidate) => Math.abs(candidate.y - y) < 2);
    if (!line) {
      line = { y, pieces: [] };
      lines.push(line);
    }
    line.pieces.push({ x: item.transform[4]!, str: item.str });
  }
  return lines
    .sort((a, b) => b.y - a.y)
    .map(({ pieces }) =>
      pieces
        .sort((a, b) => a.x - b.x)
        .map((piece) => piece.str)
        .join(" ")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .join("\n");
}
