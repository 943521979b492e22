/**
 * Product illustrations for the electrical & batteries category.
 * Flat style: ink outlines (inherited from the wrapping group), light fills,
 * and ink overlays at low opacity for depth.
 */
import { C, frame } from "./frame";
import {
  circle as c,
  flatCircle as cd,
  flatPath as pd,
  flatRect as d,
  outline as g,
  path as p,
  rect,
  shadeRect as sh,
} from "./shapes";

type N = number;

/** Outlined rounded rect; appliances have rounder corners than the shared default. */
const r = (x: N, y: N, w: N, h: N, fill: string, rx = 8) => rect(x, y, w, h, fill, rx);
/** Ink line. */
const l = (x1: N, y1: N, x2: N, y2: N, w = 4) =>
  `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke-width="${w}"/>`;
/** Plus sign (terminal marking) as a flat shape. */
const plus = (cx: N, cy: N, fill: string) =>
  d(cx - 9, cy - 3, 18, 6, fill, 2) + d(cx - 3, cy - 9, 6, 18, fill, 2);
/** Minus sign. */
const minus = (cx: N, cy: N, fill: string) => d(cx - 9, cy - 3, 18, 6, fill, 2);
/** Soft diagonal highlight across a screen or glass pane. */
const glare = (x: N, y: N, w: N, h: N) =>
  pd(`M${x + w * 0.45} ${y}h${w * 0.25}L${x + w * 0.3} ${y + h}H${x + w * 0.05}z`, C.white, ".18");
/** Upright AA-style cell with a coloured band. */
const cell = (x: N, y: N, h: N, body: string, band: string) =>
  r(x + 8, y - 7, 12, 9, C.lightGrey, 2) +
  r(x, y, 28, h, body, 7) +
  d(x + 2, y + 8, 24, h * 0.4, band, 0);
/** Battery terminal post. */
const post = (x: N, y: N) => r(x, y, 30, 20, C.lightGrey, 4) + sh(x + 18, y, 12, 20, 0);

const bolt = (x: N, y: N, s: N, fill: string) =>
  pd(
    `M${x + 6 * s} ${y}L${x} ${y + 14 * s}h${6 * s}l${-3 * s} ${12 * s}l${12 * s} ${-16 * s}h${-6 * s}l${3 * s} ${-10 * s}z`,
    fill,
  );

const batteryBox = g(
  // back flap and inside
  p("M178 214L192 150H408L422 214z", C.sand) +
    sh(178, 196, 244, 20) +
    // batteries, back row then front row
    cell(186, 130, 100, C.ink, C.mustard) +
    cell(220, 118, 110, C.accent, C.lightGrey) +
    cell(254, 132, 100, C.terracotta, C.ink) +
    cell(288, 114, 110, C.ink, C.mustard) +
    cell(322, 128, 100, C.slate, C.white) +
    cell(356, 120, 110, C.accent, C.mustard) +
    cell(390, 134, 100, C.ink, C.terracotta) +
    `<g transform="rotate(-58 250 176)">${cell(236, 150, 80, C.mustard, C.ink)}</g>` +
    `<g transform="rotate(64 350 182)">${cell(336, 150, 80, C.lightGrey, C.accent)}</g>` +
    // side flaps
    p("M170 222L120 184L104 222L160 262z", C.sand) +
    p("M430 222L480 184L496 222L440 262z", C.sand) +
    // box front
    r(170, 220, 260, 158, C.sand, 6) +
    sh(384, 222, 44, 154, 0) +
    d(170, 220, 260, 12, C.ink, 0).replace(
      'fill="' + C.ink + '"',
      `fill="${C.ink}" opacity=".15"`,
    ) +
    d(224, 300, 150, 12, C.terracotta, 2),
);

const carBattery = g(
  post(206, 142) +
    post(364, 142) +
    r(160, 160, 280, 220, C.grey, 12) +
    r(160, 160, 280, 52, C.ink, 12) +
    c(262, 186, 9, C.grey) +
    c(300, 186, 9, C.grey) +
    c(338, 186, 9, C.grey) +
    sh(396, 212, 42, 166, 0) +
    r(196, 244, 190, 96, C.mustard, 8) +
    d(208, 256, 100, 14, C.ink, 3) +
    d(208, 278, 70, 10, C.ink, 3) +
    bolt(334, 258, 2.6, C.ink) +
    d(196, 318, 190, 22, C.terracotta, 0) +
    plus(221, 186, C.terracotta) +
    minus(379, 186, C.white),
);

const ebikeBattery = g(
  // folding grip at the left end
  p(
    "M150 272V236a20 20 0 0 1 20-20h40a20 20 0 0 1 20 20v36h-16v-32a6 6 0 0 0-6-6h-36a6 6 0 0 0-6 6v32z",
    C.grey,
  ) +
    r(110, 264, 380, 108, C.slate, 40) +
    pd("M112 300H488V332a38 38 0 0 1-38 38H150a38 38 0 0 1-38-38z", C.ink) +
    // mounting rail
    d(170, 372, 220, 8, C.grey, 2) +
    // end cap with key
    r(404, 268, 82, 100, C.grey, 36) +
    c(442, 318, 17, C.lightGrey) +
    r(436, 290, 12, 56, C.mustard, 4) +
    // charge lights and label
    cd(160, 322, 7, C.accent) +
    cd(184, 322, 7, C.accent) +
    cd(208, 322, 7, C.accent) +
    cd(232, 322, 7, C.grey) +
    d(272, 314, 100, 16, C.terracotta, 8),
);

const sealed = (x: N, label: string) =>
  post(x + 20, 148) +
  post(x + 86, 148) +
  r(x, 164, 136, 214, C.ink, 12) +
  r(x, 164, 136, 40, C.grey, 12) +
  d(x + 4, 196, 128, 8, C.grey, 0) +
  r(x + 18, 232, 100, 110, label, 8) +
  bolt(x + 52, 252, 2.4, C.ink) +
  sh(x + 104, 204, 30, 172, 0) +
  plus(x + 35, 184, C.terracotta) +
  minus(x + 101, 184, C.ink);

const mobilityBattery = g(
  sealed(160, C.mustard) +
    sealed(304, C.accent) +
    `<path d="M281 150C281 104 339 104 339 150" fill="none" stroke="${C.terracotta}" stroke-width="8"/>`,
);

const leisureBattery = g(
  // handle
  p(
    "M210 176V124a28 28 0 0 1 28-28h124a28 28 0 0 1 28 28v52h-22v-48a12 12 0 0 0-12-12h-112a12 12 0 0 0-12 12v48z",
    C.grey,
  ) +
    post(176, 156) +
    post(394, 156) +
    r(150, 174, 300, 206, C.ink, 14) +
    r(150, 174, 300, 48, C.slate, 14) +
    d(154, 212, 292, 10, C.slate, 0) +
    r(184, 246, 232, 104, C.accent, 10) +
    bolt(220, 262, 2.8, C.mustard) +
    d(284, 268, 110, 14, C.white, 4) +
    d(284, 292, 80, 14, C.midGreen, 4) +
    d(284, 316, 100, 14, C.midGreen, 4) +
    sh(402, 222, 46, 156, 0) +
    plus(191, 198, C.terracotta) +
    minus(409, 198, C.ink),
);

const deviceBatteries = g(
  // bag back
  p("M176 130H424V356a22 22 0 0 1-22 22H198a22 22 0 0 1-22-22z", C.white).replace(
    "/>",
    ` fill-opacity=".55"/>`,
  ) +
    // power bank
    `<g transform="rotate(-10 250 280)">${r(196, 214, 110, 150, C.ink, 16)}${d(214, 232, 74, 10, C.slate, 5)}` +
    `${cd(224, 340, 5, C.accent)}${cd(240, 340, 5, C.accent)}${cd(256, 340, 5, C.accent)}${cd(272, 340, 5, C.grey)}</g>` +
    // phone batteries
    `<g transform="rotate(12 350 260)">${r(300, 190, 90, 130, C.slate, 8)}${d(312, 206, 66, 40, C.mustard)}` +
    `${d(312, 256, 40, 8, C.white)}${d(340, 190, 24, 8, C.lightGrey, 1)}</g>` +
    `<g transform="rotate(-4 320 330)">${r(270, 300, 120, 64, C.grey, 8)}${d(284, 312, 50, 40, C.terracotta)}</g>` +
    // bag front, zip seal and shine
    r(168, 108, 264, 30, C.accent, 8) +
    d(176, 120, 248, 6, C.midGreen, 3) +
    p("M176 138H424V356a22 22 0 0 1-22 22H198a22 22 0 0 1-22-22z", "none") +
    pd("M196 154h18v190h-18z", C.white, ".6"),
);

/** Pair of small feet under an appliance whose base is at y. */
const feet = (x1: N, x2: N, y: N) => d(x1, y, 22, 10, C.ink, 3) + d(x2 - 22, y, 22, 10, C.ink, 3);
/** Vent slots: n short vertical bars starting at x. */
const vents = (x: N, y: N, n: N, h: N) =>
  pd(Array.from({ length: n }, (_, i) => `M${x + i * 14} ${y}h6v${h}h-6z`).join(""), C.ink, ".3");
/** A row of n identical rectangles, step apart, as one flat path. */
const row = (x: N, y: N, w: N, h: N, step: N, n: N, fill: string) =>
  pd(Array.from({ length: n }, (_, i) => `M${x + i * step} ${y}h${w}v${h}h${-w}z`).join(""), fill);
/** A row of n drinks bottles (body + neck), step apart. */
const bottles = (x: N, y: N, step: N, n: N, fill: string) =>
  pd(
    Array.from(
      { length: n },
      (_, i) => `M${x + i * step} ${y + 14}h14v34h-14zM${x + i * step + 4} ${y}h6v14h-6z`,
    ).join(""),
    fill,
  );
/** Wine bottle lying on its side, neck to the right; flip mirrors it about x = 300. */
const wine = (x: N, y: N, fill: string, flip = false) => {
  const b =
    p(
      `M${x} ${y - 14}h66c12 0 16 8 28 8h12v12h-12c-12 0-16 8-28 8h-66a6 6 0 0 1-6-6v-16a6 6 0 0 1 6-6z`,
      fill,
    ) +
    d(x + 10, y - 9, 34, 18, C.sand, 3) +
    d(x + 100, y - 6, 8, 12, C.mustard, 2);
  return flip ? `<g transform="matrix(-1 0 0 1 600 0)">${b}</g>` : b;
};

const fridgeUndercounter = g(
  r(180, 104, 240, 266, C.white, 14) +
    r(180, 104, 240, 28, C.lightGrey, 10) +
    r(190, 142, 220, 192, C.white, 10) +
    r(380, 166, 12, 76, C.lightGrey, 6) +
    d(208, 162, 36, 8, C.accent, 4) +
    r(190, 340, 220, 22, C.lightGrey, 6) +
    vents(258, 347, 7, 8) +
    sh(390, 132, 28, 236, 10) +
    feet(196, 404, 370),
);

const fridgeFreezer = g(
  r(196, 48, 208, 324, C.white, 18) +
    r(206, 58, 188, 178, C.white, 12) +
    r(206, 242, 188, 104, C.white, 12) +
    r(222, 160, 12, 64, C.lightGrey, 6) +
    r(222, 254, 12, 64, C.lightGrey, 6) +
    r(326, 78, 50, 26, C.slate, 6) +
    d(334, 86, 18, 10, C.white, 2) +
    cd(364, 91, 5, C.accent) +
    d(206, 350, 188, 14, C.ink, 3).replace('"/>', '" opacity=".3"/>') +
    sh(376, 50, 26, 320, 14) +
    feet(210, 390, 370),
);

const fridgeAmerican = g(
  r(146, 52, 308, 320, C.lightGrey, 16) +
    r(156, 62, 140, 284, C.lightGrey, 10) +
    r(304, 62, 140, 284, C.lightGrey, 10) +
    r(272, 110, 12, 180, C.white, 6) +
    r(316, 110, 12, 180, C.white, 6) +
    // water and ice dispenser
    r(176, 112, 84, 112, C.slate, 10) +
    d(186, 122, 64, 10, C.accent, 3) +
    r(200, 142, 36, 40, C.ink, 6) +
    d(214, 182, 8, 12, C.white, 2) +
    d(186, 206, 64, 8, C.ink, 3) +
    r(156, 350, 288, 16, C.grey, 6) +
    vents(260, 354, 6, 8) +
    sh(422, 54, 30, 316, 14) +
    glare(156, 62, 288, 284) +
    feet(162, 438, 370),
);

const chestFreezer = g(
  r(134, 204, 332, 166, C.white, 14) +
    sh(136, 218, 328, 16, 0) +
    r(124, 170, 352, 44, C.white, 12) +
    r(266, 198, 68, 12, C.lightGrey, 6) +
    cd(168, 248, 7, C.accent) +
    cd(190, 248, 7, C.mustard) +
    r(392, 314, 56, 38, C.lightGrey, 6) +
    vents(400, 322, 4, 22) +
    sh(438, 214, 26, 154, 10) +
    feet(150, 450, 370),
);

const wineCooler = g(
  r(206, 66, 188, 306, C.lightGrey, 14) +
    d(222, 78, 40, 8, C.ink, 4).replace('"/>', '" opacity=".3"/>') +
    cd(356, 82, 5, C.accent) +
    cd(372, 82, 5, C.mustard) +
    r(214, 96, 172, 252, C.ink, 10) +
    r(228, 110, 144, 224, C.slate, 6) +
    wine(236, 140, C.terracotta) +
    wine(236, 184, C.ink, true) +
    wine(236, 228, C.accent) +
    wine(236, 272, C.terracotta, true) +
    wine(236, 316, C.ink) +
    pd("M230 156H370M230 200H370M230 244H370M230 288H370", "none").replace(
      'stroke="none"',
      `stroke="${C.lightGrey}" stroke-width="3"`,
    ) +
    glare(228, 110, 144, 224) +
    r(366, 150, 10, 100, C.lightGrey, 5) +
    r(214, 352, 172, 14, C.grey, 5) +
    feet(216, 384, 370),
);

const displayFridge = g(
  r(184, 80, 232, 292, C.white, 12) +
    r(176, 46, 248, 50, C.accent, 12) +
    d(200, 62, 120, 16, C.white, 8) +
    cd(392, 70, 9, C.mustard) +
    r(196, 108, 208, 232, C.white, 8) +
    // drinks on three shelves
    bottles(210, 118, 36, 6, C.accent) +
    bottles(228, 118, 36, 5, C.terracotta) +
    row(208, 196, 14, 30, 24, 8, C.mustard) +
    row(208, 234, 14, 30, 24, 8, C.slate) +
    bottles(212, 270, 24, 8, C.ink) +
    pd("M200 168H400M200 228H400M200 266H400M200 320H400", "none").replace(
      'stroke="none"',
      `stroke="${C.lightGrey}" stroke-width="4"`,
    ) +
    `<rect x="196" y="108" width="208" height="232" rx="8" fill="${C.slate}" opacity=".15" stroke="none"/>` +
    glare(196, 108, 208, 232) +
    r(380, 170, 10, 100, C.lightGrey, 5) +
    r(196, 346, 208, 20, C.grey, 6) +
    vents(250, 352, 8, 8) +
    feet(194, 406, 370),
);

const tv = g(
  r(270, 290, 60, 70, C.grey, 6) +
    r(214, 354, 172, 20, C.grey, 10) +
    sh(214, 364, 172, 10, 5) +
    r(136, 92, 328, 204, C.ink, 14) +
    r(150, 106, 300, 168, C.slate, 4) +
    glare(150, 106, 300, 168) +
    cd(300, 285, 4, C.accent),
);

const tvLarge = g(
  // low media cabinet
  r(124, 286, 352, 80, C.sand, 10) +
    r(136, 298, 160, 56, C.sand, 6) +
    r(304, 298, 160, 56, C.sand, 6) +
    d(200, 322, 32, 8, C.ink, 4) +
    d(368, 322, 32, 8, C.ink, 4) +
    sh(126, 286, 348, 10, 0) +
    feet(146, 454, 366) +
    // wide screen on two feet
    pd("M178 266l-14 22h36l-8-22zM422 266l14 22h-36l8-22z", C.grey) +
    r(98, 64, 404, 212, C.ink, 10) +
    r(108, 74, 384, 190, C.slate, 3) +
    glare(108, 74, 384, 190) +
    d(284, 266, 32, 5, C.grey, 2),
);

const desktopPc = g(
  // monitor
  r(254, 248, 28, 70, C.grey, 4) +
    r(206, 312, 124, 16, C.grey, 8) +
    r(136, 86, 264, 168, C.ink, 12) +
    r(148, 98, 240, 138, C.slate, 4) +
    glare(148, 98, 240, 138) +
    // tower
    r(404, 128, 72, 242, C.lightGrey, 10) +
    r(414, 142, 52, 20, C.grey, 4) +
    d(414, 172, 52, 6, C.grey, 3) +
    c(440, 206, 10, C.accent) +
    vents(418, 300, 4, 48) +
    sh(454, 130, 20, 238, 8) +
    // keyboard and mouse
    r(146, 336, 222, 34, C.lightGrey, 8) +
    row(158, 344, 14, 7, 20, 10, C.grey) +
    row(158, 356, 14, 7, 20, 10, C.grey) +
    `<ellipse cx="388" cy="356" rx="11" ry="15" fill="${C.lightGrey}"/>`,
);

const printer = g(
  // paper in the document feeder
  p("M200 176L218 104H350L332 176z", C.white) +
    l(230, 128, 320, 128, 3) +
    l(226, 144, 300, 144, 3) +
    r(150, 194, 300, 168, C.white, 14) +
    r(156, 162, 288, 40, C.lightGrey, 10) +
    // output slot with a printed sheet
    r(176, 226, 160, 14, C.ink, 6) +
    r(192, 232, 128, 36, C.white, 3) +
    d(206, 244, 70, 6, C.accent, 3) +
    d(206, 254, 96, 5, C.lightGrey, 2) +
    // control panel
    r(352, 216, 76, 30, C.slate, 6) +
    cd(374, 264, 7, C.accent) +
    cd(396, 264, 7, C.lightGrey) +
    // paper tray
    r(166, 290, 268, 56, C.lightGrey, 8) +
    d(266, 308, 68, 10, C.grey, 5) +
    sh(426, 196, 22, 164, 10) +
    feet(170, 430, 362),
);

const laptop = g(
  // lid and screen
  r(130, 116, 226, 170, C.grey, 12) +
    r(142, 128, 202, 142, C.ink, 4) +
    glare(142, 128, 202, 142) +
    // keyboard deck
    p("M130 286H356L388 350H98z", C.lightGrey) +
    pd("M144 294H342L358 326H128z", C.ink, ".25") +
    `<path d="M141 302H345M137 310H349M133 318H353" stroke="${C.lightGrey}" stroke-width="3"/>` +
    p("M212 332H274L278 344H208z", C.white) +
    r(94, 348, 298, 18, C.lightGrey, 8) +
    sh(96, 358, 294, 8, 4) +
    // tablet on a stand
    p("M440 246L480 366H460L428 270z", C.grey) +
    `<g transform="rotate(8 430 290)">${r(386, 206, 92, 148, C.ink, 12)}${d(396, 218, 72, 124, C.slate, 3)}` +
    `${glare(396, 218, 72, 124)}</g>`,
);

/** Speaker cabinet with tweeter and woofer. */
const speaker = (x: N) =>
  r(x, 128, 90, 242, C.ink, 10) +
  c(x + 45, 172, 16, C.grey) +
  cd(x + 45, 172, 6, C.ink) +
  c(x + 45, 256, 34, C.grey) +
  cd(x + 45, 256, 14, C.ink) +
  cd(x + 45, 256, 22, C.lightGrey).replace('"/>', '" opacity=".25"/>') +
  d(x + 30, 322, 30, 10, C.grey, 5);

const hifi = g(
  speaker(128) +
    speaker(382) +
    r(230, 188, 140, 182, C.lightGrey, 10) +
    r(244, 202, 112, 34, C.slate, 5) +
    d(254, 212, 40, 14, C.accent, 2) +
    d(302, 216, 40, 6, C.white, 3) +
    d(244, 246, 112, 6, C.ink, 3) +
    c(270, 280, 16, C.white) +
    l(270, 280, 270, 268, 3) +
    c(330, 280, 16, C.white) +
    r(244, 310, 52, 42, C.grey, 5) +
    r(304, 310, 52, 42, C.grey, 5) +
    sh(352, 190, 16, 178, 8),
);

export const electricalArt: Readonly<Record<string, string>> = {
  "battery-box": frame("Box of household batteries", batteryBox, "green"),
  "car-battery": frame("Car battery", carBattery, "cream"),
  "ebike-battery": frame("E-bike battery pack", ebikeBattery, "green"),
  "mobility-battery": frame("Mobility scooter batteries", mobilityBattery, "cream"),
  "leisure-battery": frame("Leisure battery", leisureBattery, "green"),
  "device-batteries": frame("Bag of device batteries and a power bank", deviceBatteries, "cream"),
  "fridge-undercounter": frame("Under-counter fridge", fridgeUndercounter, "green"),
  "fridge-freezer": frame("Tall fridge freezer", fridgeFreezer, "cream"),
  "fridge-american": frame("American-style fridge freezer", fridgeAmerican, "green"),
  "chest-freezer": frame("Chest freezer", chestFreezer, "cream"),
  "wine-cooler": frame("Wine cooler", wineCooler, "green"),
  "display-fridge": frame("Glass-door display fridge", displayFridge, "cream"),
  tv: frame("Flat-screen TV on a stand", tv, "green"),
  "tv-large": frame("Large TV on a media cabinet", tvLarge, "cream"),
  "desktop-pc": frame("Desktop PC with monitor and keyboard", desktopPc, "green"),
  printer: frame("Multifunction printer", printer, "cream"),
  laptop: frame("Laptop and tablet", laptop, "green"),
  hifi: frame("Hi-fi stereo with speakers", hifi, "cream"),
};
