/**
 * The HTML part of an email to a customer (its plain-text part says the same): the business's
 * logo or name at the top, the text's paragraphs with their links, the registration at the foot.
 * Written for phone mail apps: one narrow column, inline styles, no images but the logo, which is
 * fetched from the shop (a mail app that blocks it shows the business's name instead).
 */

export interface EmailHtmlInput {
  /** the email's subject: the HTML document's title */
  subject: string;
  /** the text's lines; an empty line starts a new paragraph */
  lines: readonly string[];
  /** the registration lines at the foot */
  footer: readonly string[];
  business: { name: string; logoUrl: string };
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

/** A line of text as HTML: escaped, its web addresses made links (a full stop after one is not part of it). */
export function linkify(line: string): string {
  return line
    .split(/(https?:\/\/[^\s<>"]+)/)
    .map((part, i) => {
      if (i % 2 === 0) return escapeHtml(part);
      const trailing = /[.,;:)]+$/.exec(part)?.[0] ?? "";
      const url = part.slice(0, part.length - trailing.length);
      return `<a href="${escapeHtml(url)}" style="color:#11734f">${escapeHtml(url)}</a>${escapeHtml(trailing)}`;
    })
    .join("");
}

/** Lines as paragraphs: an empty line between two paragraphs, a line break within one. */
function paragraphs(lines: readonly string[], style: string): string {
  const blocks: string[][] = [[]];
  for (const line of lines) {
    if (line.trim() === "") blocks.push([]);
    else blocks.at(-1)!.push(line);
  }
  return blocks
    .filter((block) => block.length > 0)
    .map((block) => `<p style="${style}">${block.map(linkify).join("<br>")}</p>`)
    .join("\n");
}

export function emailHtml({ subject, lines, footer, business }: EmailHtmlInput): string {
  const top = business.logoUrl
    ? `<img src="${escapeHtml(business.logoUrl)}" alt="${escapeHtml(business.name)}" height="40" style="height:40px;width:auto;max-width:240px;border:0">`
    : `<strong style="font-size:20px;color:#11734f">${escapeHtml(business.name)}</strong>`;
  return `<!DOCTYPE html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f7f4ee">
<div style="max-width:600px;margin:0 auto;padding:24px 16px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1d2a25">
<div style="padding:0 0 16px;border-bottom:3px solid #11734f">${top}</div>
<div style="padding:16px 0">
${paragraphs(lines, "margin:0 0 16px")}
</div>
<div style="padding:16px 0 0;border-top:1px solid #d9e0dc;font-size:13px;color:#4a5a53">
${paragraphs(footer, "margin:0 0 8px")}
</div>
</div>
</body>
</html>
`;
}
