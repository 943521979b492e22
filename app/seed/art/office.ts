/**
 * Product illustrations for the office category, in the furniture's style: flat shapes with a
 * thin ink outline, and translucent ink overlays for depth. Colours only from C.
 */
import { C, frame } from "./frame";
import {
  circle as dot,
  ellipse as ell,
  outline,
  polygon as poly,
  rect as r,
  shadeRect as sh,
} from "./shapes";

/** Drawn with the furniture's finer outline. */
const g = (s: string) => outline(s, 3);

/** Books standing on a shelf whose surface is at y: [width, height, colour]. */
const books = (x: number, y: number, list: readonly (readonly [number, number, string])[]) => {
  let cx = x;
  return list
    .map(([w, h, c]) => {
      const b = r(cx, y - h, w, h, c, 2);
      cx += w + 2;
      return b;
    })
    .join("");
};

const bookcase = g(
  r(180, 84, 240, 294, C.sand, 6) +
    `<rect x="196" y="100" width="208" height="262" fill="${C.ink}" opacity=".2"/>` +
    [164, 232, 300].map((y) => r(196, y, 208, 10, C.sand, 2)).join("") +
    books(206, 164, [
      [18, 50, C.terracotta],
      [14, 44, C.accent],
      [22, 54, C.slate],
      [16, 40, C.mustard],
    ]) +
    `<rect x="300" y="126" width="16" height="44" rx="2" fill="${C.midGreen}" transform="rotate(18 316 164)"/>` +
    books(250, 232, [
      [20, 48, C.mustard],
      [16, 54, C.white],
      [18, 44, C.terracotta],
      [22, 52, C.accent],
      [14, 40, C.slate],
    ]) +
    r(214, 282, 70, 18, C.slate, 2) +
    r(220, 266, 60, 16, C.terracotta, 2) +
    books(330, 362, [
      [18, 50, C.accent],
      [20, 44, C.mustard],
      [16, 54, C.terracotta],
    ]) +
    r(208, 336, 30, 26, C.terracotta, 4) +
    ell(223, 322, 18, 16, C.midGreen) +
    r(180, 362, 240, 16, C.sand, 4),
);

const officeDesk = g(
  r(124, 220, 20, 158, C.grey, 4) +
    r(144, 226, 200, 80, C.lightGrey, 4) +
    sh(146, 226, 196, 12) +
    r(346, 222, 136, 156, C.white, 6) +
    [236, 282, 328]
      .map((y) => r(358, y, 112, y > 300 ? 40 : 38, C.white, 4) + r(390, y + 14, 48, 8, C.grey, 4))
      .join("") +
    r(98, 204, 404, 22, C.sand, 6) +
    sh(100, 216, 400, 8),
);

const officeChair = g(
  `<path d="M300 346L176 360M300 346L424 360M300 346L230 372M300 346L370 372" stroke-width="18"/>` +
    `<path d="M300 346L176 360M300 346L424 360M300 346L230 372M300 346L370 372" stroke="${C.grey}" stroke-width="11"/>` +
    [176, 424, 230, 370].map((x, i) => dot(x, i < 2 ? 368 : 380, 9, C.ink)).join("") +
    r(292, 270, 16, 78, C.lightGrey, 4) +
    r(286, 300, 28, 44, C.grey, 6) +
    r(286, 226, 28, 50, C.grey, 6) +
    r(214, 92, 172, 150, C.slate, 32) +
    sh(226, 190, 148, 40, 16) +
    r(196, 254, 208, 34, C.slate, 16) +
    sh(198, 276, 204, 10, 5) +
    r(190, 218, 12, 52, C.grey, 4) +
    r(398, 218, 12, 52, C.grey, 4) +
    r(176, 210, 40, 14, C.ink, 7) +
    r(384, 210, 40, 14, C.ink, 7),
);

const filingCabinet = g(
  r(226, 364, 148, 14, C.grey, 4) +
    r(216, 88, 168, 280, C.lightGrey, 6) +
    [102, 168, 234, 300]
      .map(
        (y) =>
          r(228, y, 144, 58, C.lightGrey, 4) +
          r(276, y + 10, 48, 14, C.white, 2) +
          r(274, y + 34, 52, 10, C.grey, 5) +
          sh(230, y + 48, 140, 8),
      )
      .join("") +
    dot(360, 96, 3, C.grey) +
    sh(372, 90, 10, 276, 0, ".1"),
);

const partitionScreen = g(
  [96, 240, 384]
    .map(
      (x) =>
        r(x + 16, 336, 8, 30, C.grey, 2) +
        r(x + 96, 336, 8, 30, C.grey, 2) +
        r(x + 2, 364, 36, 12, C.grey, 6) +
        r(x + 82, 364, 36, 12, C.grey, 6) +
        r(x, 112, 120, 228, C.lightGrey, 10) +
        r(x + 10, 122, 100, 208, C.midGreen, 4) +
        sh(x + 12, 300, 96, 28, 3),
    )
    .join("") +
    [150, 300].map((y) => r(208, y, 40, 12, C.grey, 4) + r(352, y, 40, 12, C.grey, 4)).join(""),
);

/** Boardroom chair seen from behind (in front of the table). */
const boardChairFront = (x: number) =>
  r(x + 34, 350, 12, 20, C.lightGrey, 3) +
  r(x + 6, 364, 68, 12, C.ink, 6) +
  r(x, 276, 80, 80, C.grey, 22) +
  sh(x + 8, 326, 64, 24, 10);
/** Boardroom chair at the table's end, side view; dir 1 faces right, -1 faces left. */
const boardChairEnd = (x: number, dir: number) =>
  r(x - 11, 196, 22, 100, C.grey, 11) +
  r(Math.min(x, x + dir * 56) - (dir > 0 ? 6 : -6), 278, 62, 16, C.grey, 8) +
  r(x + dir * 24 - 5, 294, 10, 66, C.lightGrey, 3) +
  r(x + dir * 24 - 32, 360, 64, 12, C.ink, 6);

const boardroomTable = g(
  [138, 222, 306, 390].map((x) => r(x, 154, 74, 92, C.grey, 22)).join("") +
    boardChairEnd(62, 1) +
    boardChairEnd(538, -1) +
    poly("128,234 472,234 528,284 72,284", C.sand) +
    r(72, 282, 456, 18, C.mustard, 6) +
    sh(160, 300, 280, 8) +
    [140, 260, 380].map(boardChairFront).join(""),
);

export const officeArt: Readonly<Record<string, string>> = {
  bookcase: frame("Bookcase", bookcase, "green"),
  "office-desk": frame("Office desk with drawer pedestal", officeDesk, "cream"),
  "office-chair": frame("Swivel office chair", officeChair, "green"),
  "filing-cabinet": frame("Four-drawer filing cabinet", filingCabinet, "cream"),
  "partition-screen": frame("Office partition screens", partitionScreen, "green"),
  "boardroom-table": frame("Boardroom table with chairs", boardroomTable, "cream"),
};
