/**
 * Shared frame for the seed catalogue's product illustrations: a 600×450
 * card with a soft background and a ground shadow. Drawings go in between.
 */

export const C = {
  ink: "#1d2a25",
  accent: "#11734f",
  softGreen: "#e3f1ea",
  midGreen: "#8cc5a8",
  cream: "#f4efe6",
  sand: "#e6d5b8",
  grey: "#6b7a73",
  lightGrey: "#c9d3ce",
  white: "#ffffff",
  mustard: "#d9a45b",
  terracotta: "#b86b4b",
  slate: "#7a8fa6",
} as const;

const escapeXml = (text: string) => text.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A complete SVG document: background card, ground shadow under the item, then the drawing. */
export function frame(
  title: string,
  drawing: string,
  background: "cream" | "green" = "cream",
): string {
  const bg = background === "cream" ? C.cream : C.softGreen;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 450" width="600" height="450">` +
    `<title>${escapeXml(title)}</title>` +
    `<rect width="600" height="450" rx="24" fill="${bg}"/>` +
    `<ellipse cx="300" cy="382" rx="210" ry="18" fill="${C.ink}" opacity=".08"/>` +
    drawing +
    `</svg>`
  );
}
