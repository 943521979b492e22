/**
 * The SVG shapes the seed illustrations are drawn with, as markup strings: outlined shapes
 * take the ink stroke of the group they sit in; flat ones (stroke="none") do not.
 */
import { C } from "./frame";

type N = number;

/** Wraps a drawing so every shape in it inherits the ink outline. */
export const outline = (body: string, width: N = 4) =>
  `<g stroke="${C.ink}" stroke-width="${width}" stroke-linejoin="round" stroke-linecap="round">${body}</g>`;

export const rect = (x: N, y: N, w: N, h: N, fill: string, rx: N = 6) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${fill}"/>`;

/** A rounded rect without outline, for small details. */
export const flatRect = (x: N, y: N, w: N, h: N, fill: string, rx: N = 3) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${fill}" stroke="none"/>`;

/** Ink laid over the darker side of a shape, without outline. */
export const shadeRect = (x: N, y: N, w: N, h: N, rx: N = 0, opacity = ".15") =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${C.ink}" opacity="${opacity}" stroke="none"/>`;

export const circle = (cx: N, cy: N, r: N, fill: string) =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"/>`;

/** A circle without outline. */
export const flatCircle = (cx: N, cy: N, r: N, fill: string) =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" stroke="none"/>`;

export const ellipse = (cx: N, cy: N, rx: N, ry: N, fill: string) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}"/>`;

export const path = (d: string, fill = "none") => `<path d="${d}" fill="${fill}"/>`;

/** A path without outline, optionally see-through. */
export const flatPath = (d: string, fill: string, opacity = "1") =>
  `<path d="${d}" fill="${fill}" opacity="${opacity}" stroke="none"/>`;

export const polygon = (points: string, fill: string) =>
  `<polygon points="${points}" fill="${fill}"/>`;

/** A line in the group's ink. */
export const line = (x1: N, y1: N, x2: N, y2: N) =>
  `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"/>`;
