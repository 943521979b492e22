/**
 * Product illustrations for the sofa & chair and furniture categories: flat shapes with a thin
 * ink outline, and translucent ink overlays for depth. Colours only from C.
 */
import { C, frame } from "./frame";
import {
  circle as dot,
  ellipse as ell,
  line as ln,
  outline,
  path as p,
  polygon as poly,
  rect as r,
  shadeRect as sh,
} from "./shapes";

/** Ground line every item stands on (the frame's shadow is centred at y=382). */
const G = 378;

/** Furniture is drawn with a finer outline than the other categories. */
const g = (s: string) => outline(s, 3);
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

type Legs = "peg" | "taper" | "block";
/** A leg standing on the ground, top at y. */
const leg = (x: number, y: number, kind: Legs, fill: string) =>
  kind === "peg"
    ? r(x - 7, y, 14, G - y, fill, 5)
    : kind === "taper"
      ? poly(`${x - 8},${y} ${x + 8},${y} ${x + 4},${G} ${x - 4},${G}`, fill)
      : r(x - 12, y, 24, G - y, fill, 3);

type SofaOpts = {
  x: number;
  w: number;
  seats: number;
  fill: string;
  backTop: number;
  arm: "round" | "square" | "roll";
  legs: Legs;
  legFill: string;
  backCushions?: boolean;
  /** Leave out the seat cushions (sofa bed). */
  noSeat?: boolean;
  /** Leave out the right arm (corner sofa with a chaise). */
  noRightArm?: boolean;
};

/** Front view of a sofa or armchair. */
function sofa(o: SofaOpts): string {
  const aw = 54;
  const armTop = 220;
  const baseTop = 300;
  const baseBot = 352;
  const ix = o.x + aw;
  const iw = o.w - (o.noRightArm ? aw : 2 * aw);
  const cw = iw / o.seats;
  let s =
    leg(o.x + 24, baseBot - 4, o.legs, o.legFill) +
    leg(o.x + o.w - 24, baseBot - 4, o.legs, o.legFill);
  s += r(ix - 16, o.backTop, iw + (o.noRightArm ? 16 : 32), baseTop - o.backTop + 20, o.fill, 26);
  if (o.backCushions)
    s += range(o.seats)
      .map((i) =>
        r(
          Math.round(ix + i * cw + 5),
          o.backTop + 16,
          Math.round(cw - 10),
          270 - o.backTop,
          o.fill,
          16,
        ),
      )
      .join("");
  const bw = iw + (o.noRightArm ? 10 : 20);
  s += sh(ix - 10, 262, bw, 30, 0, ".12");
  s += r(ix - 10, baseTop, bw, baseBot - baseTop, o.fill, 8);
  s += sh(ix - 8, 322, bw - 4, baseBot - 324, 6);
  if (!o.noSeat)
    s += range(o.seats)
      .map((i) => r(Math.round(ix + i * cw + 2), 276, Math.round(cw - 4), 44, o.fill, 12))
      .join("");
  const arm = (x: number) => {
    const rx = o.arm === "round" ? aw / 2 : o.arm === "square" ? 8 : 14;
    let a = r(x, armTop, aw, baseBot - armTop, o.fill, rx);
    if (o.arm === "roll") a += ell(x + aw / 2, armTop + 12, aw / 2 + 8, 20, o.fill);
    return a + sh(x + 6, baseBot - 30, aw - 12, 24, 8);
  };
  return g(s + arm(o.x) + (o.noRightArm ? "" : arm(o.x + o.w - aw)));
}

const armchair = sofa({
  x: 160,
  w: 280,
  seats: 1,
  fill: C.mustard,
  backTop: 120,
  arm: "round",
  legs: "taper",
  legFill: C.sand,
});

const twoSeater = sofa({
  x: 120,
  w: 360,
  seats: 2,
  fill: C.slate,
  backTop: 160,
  arm: "square",
  legs: "peg",
  legFill: C.mustard,
  backCushions: true,
});

const threeSeater = sofa({
  x: 80,
  w: 440,
  seats: 3,
  fill: C.accent,
  backTop: 170,
  arm: "roll",
  legs: "block",
  legFill: C.ink,
});

const cornerSofa =
  sofa({
    x: 70,
    w: 420,
    seats: 3,
    fill: C.terracotta,
    backTop: 160,
    arm: "square",
    legs: "peg",
    legFill: C.sand,
    backCushions: true,
    noRightArm: true,
  }) +
  g(
    leg(352, 362, "peg", C.sand) +
      leg(522, 362, "peg", C.sand) +
      poly("348,270 494,270 482,326 334,326", C.terracotta) +
      `<polygon points="350,274 491,274 489,284 349,284" fill="${C.ink}" opacity=".15" stroke="none"/>` +
      r(334, 324, 150, 46, C.terracotta, 8) +
      sh(336, 346, 146, 22, 6) +
      poly("490,160 530,160 538,206 478,206", C.terracotta) +
      r(478, 200, 60, 170, C.terracotta, 12) +
      sh(482, 340, 52, 26, 8),
  );

const sofaBed =
  sofa({
    x: 110,
    w: 380,
    seats: 2,
    fill: C.midGreen,
    backTop: 165,
    arm: "round",
    legs: "peg",
    legFill: C.mustard,
    backCushions: true,
    noSeat: true,
  }) +
  g(
    r(146, 360, 10, 26, C.grey, 3) +
      r(444, 360, 10, 26, C.grey, 3) +
      poly("168,296 432,296 464,340 136,340", C.white) +
      r(136, 340, 328, 26, C.white, 5) +
      sh(138, 354, 324, 10, 3) +
      r(184, 280, 96, 32, C.white, 15) +
      poly("318,296 432,296 464,340 330,340", C.terracotta) +
      p("M330 340H464V368q-12 8-26 2t-28 0t-28 0t-28 0t-24-2z", C.terracotta) +
      sh(332, 352, 130, 12, 3) +
      ln(324, 318, 450, 318),
  );

const recliner = g(
  r(256, 346, 144, 32, C.grey, 6) +
    sh(256, 346, 144, 32, 6, ".35") +
    `<rect x="332" y="108" width="80" height="224" rx="36" fill="${C.grey}" transform="rotate(16 372 330)"/>` +
    `<rect x="330" y="124" width="44" height="150" rx="20" fill="${C.grey}" transform="rotate(16 372 330)"/>` +
    `<path d="M140 314 L262 356 M206 310 L244 338" stroke="${C.ink}" stroke-width="6"/>` +
    `<rect x="104" y="268" width="120" height="40" rx="18" fill="${C.grey}" transform="rotate(-8 160 288)"/>` +
    r(196, 262, 190, 46, C.grey, 18) +
    r(232, 236, 180, 120, C.grey, 30) +
    sh(238, 318, 168, 32, 14) +
    r(226, 230, 192, 34, C.grey, 17),
);

/** Front view of a dining chair, x = left edge of the back. */
const chair = (x: number, w: number, wood: string, pad: string) =>
  `<path d="M${x + 6} ${G - 8}V140q0-12 12-12h${w - 24}q12 0 12 12V${G - 8}h-14V158h${44 - w}V${G - 8}z" fill="${wood}"/>` +
  r(x + 18, 164, w - 36, 70, pad, 12) +
  `<path d="M${x - 2} 280h18V${G}h-18zM${x + w - 16} 280h18V${G}h-18z" fill="${wood}"/>` +
  r(x - 8, 262, w + 16, 24, wood, 8) +
  r(x - 2, 248, w + 4, 20, pad, 10);

const diningChair = chair(0, 120, C.mustard, C.accent);
/** Four chairs in a row receding to the back left: [x, foot y, scale]. */
const diningChairs = g(
  [
    [96, 362, 0.82],
    [186, 368, 0.88],
    [280, 374, 0.94],
    [380, 380, 1],
  ]
    .map(
      ([x, foot, k]) =>
        `<g transform="translate(${x} ${Math.round((foot ?? 0) - (k ?? 1) * G)}) scale(${k})">${diningChair}</g>`,
    )
    .join(""),
);

/** x of a trapezoid edge at height y (top edge y0 at x0, bottom edge y1 at x1). */
const lerp = (y: number, y0: number, x0: number, y1: number, x1: number) =>
  Math.round(x0 + ((x1 - x0) * (y - y0)) / (y1 - y0));

const bedFrame = g(
  r(150, 104, 300, 210, C.slate, 22) +
    [200, 250, 300, 350, 400]
      .map((x) => dot(x, 150, 4, C.slate) + dot(x, 196, 4, C.slate))
      .join("") +
    sh(156, 214, 288, 40, 0, ".12") +
    leg(138, 340, "peg", C.mustard) +
    leg(462, 340, "peg", C.mustard) +
    poly("164,236 436,236 478,330 122,330", C.mustard) +
    `<polygon points="180,246 420,246 452,320 148,320" fill="${C.ink}" opacity=".3" stroke="none"/>` +
    [250, 263, 277, 292, 307]
      .map((y, i) =>
        r(
          lerp(y, 246, 180, 320, 148),
          y,
          2 * (300 - lerp(y, 246, 180, 320, 148)),
          6 + i,
          C.sand,
          2,
        ),
      )
      .join("") +
    r(118, 326, 364, 28, C.mustard, 6) +
    sh(120, 340, 360, 12, 4),
);

/** Mattress in perspective: top face, front face, quilting. */
function mattress(
  bx: number,
  bw: number,
  fx: number,
  fw: number,
  top: number,
  front: number,
  h: number,
  topFill: string,
  side: string,
) {
  const cx = fx + fw / 2;
  const cols = [1, 2, 3].map(
    (i) => [Math.round(bx + (bw * i) / 4), Math.round(fx + (fw * i) / 4)] as const,
  );
  const mid = Math.round((top + front) / 2);
  const n = Math.floor((fw - 20) / 40);
  const wave = range(n)
    .map(() => "q10 -10 20 0 t20 0")
    .join(" ");
  return g(
    poly(`${bx},${top} ${bx + bw},${top} ${fx + fw},${front} ${fx},${front}`, topFill) +
      r(fx, front, fw, h, side, 10) +
      sh(fx + 2, front + h - 18, fw - 4, 16, 8) +
      `<g stroke-width="2" opacity=".45">` +
      cols.map(([a, b]) => ln(a, top + 6, b, front - 6)).join("") +
      ln(lerp(mid, top, bx, front, fx) + 8, mid, cx * 2 - lerp(mid, top, bx, front, fx) - 8, mid) +
      `<path d="M${fx + (fw - n * 40) / 2} ${front + h / 2 + 4} ${wave}" fill="none"/></g>` +
      cols.map(([a, b]) => dot(Math.round((a + b) / 2), mid, 3, C.lightGrey)).join("") +
      ln(fx + 6, front + 10, fx + fw - 6, front + 10) +
      ln(fx + 6, front + h - 10, fx + fw - 6, front + h - 10),
  );
}

const mattressDouble = mattress(136, 328, 96, 408, 214, 290, 82, C.white, C.lightGrey);
const mattressSingle = mattress(208, 184, 186, 228, 196, 280, 90, C.sand, C.midGreen);

const wardrobe = g(
  r(196, 360, 20, 18, C.mustard, 3) +
    r(384, 360, 20, 18, C.mustard, 3) +
    r(180, 92, 240, 272, C.sand, 8) +
    r(170, 80, 260, 22, C.mustard, 6) +
    [194, 302]
      .map(
        (x) =>
          r(x, 114, 104, 236, C.sand, 4) +
          r(x + 14, 130, 76, 92, "none", 4) +
          r(x + 14, 238, 76, 96, "none", 4),
      )
      .join("") +
    sh(182, 350, 236, 12) +
    sh(404, 94, 14, 256, 0, ".1") +
    r(280, 200, 8, 54, C.grey, 4) +
    r(312, 200, 8, 54, C.grey, 4),
);

const chest = g(
  leg(214, 350, "taper", C.sand) +
    leg(386, 350, "taper", C.sand) +
    r(196, 150, 208, 206, C.midGreen, 6) +
    r(184, 136, 232, 20, C.sand, 6) +
    sh(198, 156, 204, 8) +
    r(208, 166, 88, 36, C.midGreen, 4) +
    r(304, 166, 88, 36, C.midGreen, 4) +
    [210, 256, 302]
      .map(
        (y) =>
          r(208, y, 184, 40, C.midGreen, 4) +
          dot(262, y + 20, 6, C.mustard) +
          dot(338, y + 20, 6, C.mustard),
      )
      .join("") +
    dot(252, 184, 6, C.mustard) +
    dot(348, 184, 6, C.mustard) +
    sh(198, 346, 204, 8),
);

const diningTable = g(
  chair(140, 116, C.sand, C.terracotta) +
    chair(344, 116, C.sand, C.terracotta) +
    poly("112,248 488,248 474,378 458,378 462,268 138,268 142,378 126,378", C.mustard) +
    r(90, 224, 420, 26, C.mustard, 8) +
    sh(112, 250, 376, 10),
);

const bedsideTable = g(
  leg(234, 356, "taper", C.sand) +
    leg(366, 356, "taper", C.sand) +
    r(220, 236, 160, 124, C.white, 6) +
    r(210, 222, 180, 18, C.sand, 6) +
    r(234, 252, 132, 38, C.white, 4) +
    dot(300, 271, 6, C.mustard) +
    r(234, 300, 132, 48, C.ink, 4).replace("/>", ` opacity=".25"/>`) +
    r(246, 312, 40, 36, C.accent, 2) +
    r(276, 212, 48, 12, C.terracotta, 6) +
    r(295, 150, 10, 62, C.grey, 3) +
    poly("252,156 348,156 330,92 270,92", C.mustard) +
    sh(252, 146, 96, 10),
);

export const furnitureArt: Readonly<Record<string, string>> = {
  armchair: frame("Armchair", armchair, "green"),
  "sofa-two-seater": frame("Two-seater sofa", twoSeater, "cream"),
  "sofa-three-seater": frame("Three-seater sofa", threeSeater, "green"),
  "sofa-corner": frame("Corner sofa with chaise", cornerSofa, "cream"),
  "sofa-bed": frame("Sofa bed with the mattress pulled out", sofaBed, "green"),
  recliner: frame("Recliner chair with footrest raised", recliner, "cream"),
  "dining-chairs": frame("Set of four dining chairs", diningChairs, "green"),
  "bed-frame": frame("Double bed frame with headboard", bedFrame, "cream"),
  "mattress-double": frame("Double mattress", mattressDouble, "green"),
  "mattress-single": frame("Single mattress", mattressSingle, "cream"),
  wardrobe: frame("Double wardrobe", wardrobe, "green"),
  "chest-of-drawers": frame("Chest of drawers", chest, "cream"),
  "dining-table": frame("Dining table with two chairs", diningTable, "green"),
  "bedside-table": frame("Bedside table with lamp", bedsideTable, "cream"),
};
