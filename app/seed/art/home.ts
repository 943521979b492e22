import { C, frame } from "./frame";
import {
  circle as circ,
  ellipse as ell,
  flatPath,
  line,
  outline as g,
  path,
  rect,
  shadeRect as shadeR,
} from "./shapes";

/*
 * Home & garden illustrations for the seed catalogue. One consistent style:
 * flat fills from the shared palette, 4px ink outlines with round joins, and
 * ink overlays at .15 opacity for shading.
 */

type N = number;

/** Ink overlay for the darker side of a shape (no outline). */
const shade = (d: string) => flatPath(d, C.ink, ".15");
/** Soft white highlight (no outline). */
const shine = (d: string) =>
  `<path d="${d}" fill="none" stroke="${C.white}" stroke-width="6" opacity=".5"/>`;
/** A thick outlined stroke: ink underlay plus a coloured core (legs, poles, hoses, branches). */
const tube = (d: string, color: string, w: N = 8) =>
  `<path d="${d}" fill="none" stroke-width="${w + 8}"/><path d="${d}" fill="none" stroke="${color}" stroke-width="${w}"/>`;
/** Thin detail lines in a colour (no ink). */
const lines = (d: string, color: string, w: N = 3) =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${w}"/>`;
/** A leaf pointing along angle a (degrees) from x,y. */
const leaf = (x: N, y: N, a: N, s: N, fill: string) =>
  `<path d="M0 0Q${Math.round(s / 2)} ${-Math.round(s / 3)} ${s} 0Q${Math.round(s / 2)} ${Math.round(s / 3)} 0 0Z" transform="translate(${x} ${y}) rotate(${a})" fill="${fill}"/>`;
const mirror = (s: string) => `<g transform="matrix(-1 0 0 1 600 0)">${s}</g>`;

/** A cardboard box seen from the front: flap line, tape and a shaded side. */
const box = (x: N, y: N, w: N, h: N, fill: string = C.sand) =>
  rect(x, y, w, h, fill, 4) +
  shadeR(x + w - 18, y + 2, 16, h - 4) +
  rect(x + w / 2 - 9, y, 18, Math.round(h * 0.4), C.mustard, 0) +
  lines(`M${x + 4} ${y + 16}H${x + w - 4}`, C.ink, 2).replace("/>", ` opacity=".25"/>`);

/** A tied black bin bag standing with its base on by. */
const binBag = (cx: N, by: N, w: N, h: N) => {
  const l = cx - w / 2;
  const r = cx + w / 2;
  const t = by - h;
  const n = t + Math.round(h * 0.16);
  return (
    path(
      `M${l + 12} ${by}Q${l - 10} ${by - h * 0.5} ${cx - 16} ${n + 10}L${cx - 7} ${n}L${cx + 7} ${n}L${cx + 16} ${n + 10}Q${r + 10} ${by - h * 0.5} ${r - 12} ${by}Z`,
      C.ink,
    ) +
    path(
      `M${cx - 7} ${n}L${cx - 24} ${t}L${cx} ${n - 6}L${cx + 22} ${t + 4}L${cx + 7} ${n}Z`,
      C.ink,
    ) +
    lines(
      `M${l + 14} ${by - h * 0.45}Q${l + 8} ${by - h * 0.25} ${l + 18} ${by - 10}M${cx + 4} ${n + 24}L${cx + 12} ${by - h * 0.35}`,
      C.grey,
      4,
    ) +
    shine(`M${l + 10} ${by - h * 0.55}Q${l + 12} ${n + 30} ${cx - 14} ${n + 16}`)
  );
};

const gardenBag = g(
  tube("M182 226Q170 170 205 168Q228 170 224 214", C.white, 8) +
    tube("M418 226Q430 170 395 168Q372 170 376 214", C.white, 8) +
    tube("M250 200Q240 140 196 104M300 200L296 92M338 200Q350 140 398 106", C.terracotta, 5) +
    leaf(196, 104, -150, 50, C.accent) +
    leaf(212, 122, -70, 44, C.midGreen) +
    leaf(296, 92, -95, 50, C.midGreen) +
    leaf(296, 118, -20, 44, C.accent) +
    leaf(398, 106, -30, 50, C.accent) +
    leaf(380, 122, -110, 44, C.midGreen) +
    path(
      "M178 210Q168 176 204 172Q204 140 244 146Q256 120 292 132Q322 112 344 138Q384 134 386 170Q420 172 422 210Z",
      C.accent,
    ) +
    path("M236 206Q232 178 262 176Q270 156 300 164Q328 150 338 178Q364 180 362 206Z", C.midGreen) +
    lines("M214 196Q224 186 236 190M372 188Q384 186 394 196M286 148Q296 142 306 146", C.ink, 3) +
    path("M166 206L434 206L446 370Q300 388 154 370Z", C.white) +
    rect(173, 232, 16, 140, C.lightGrey, 0) +
    rect(411, 232, 16, 140, C.lightGrey, 0) +
    shade("M390 232L437 232L446 370Q420 376 395 378Z") +
    path("M162 206L438 206L438 234L162 234Z", C.white) +
    leaf(190, 214, -160, 48, C.accent) +
    leaf(258, 210, -115, 40, C.midGreen) +
    leaf(410, 212, -20, 48, C.midGreen) +
    leaf(340, 210, -65, 38, C.accent),
);

const chair =
  rect(148, 196, 22, 180, C.accent, 8) +
  rect(210, 296, 14, 80, C.accent, 5) +
  rect(146, 286, 86, 16, C.accent, 6) +
  lines("M152 222H166M152 246H166M152 270H166", C.ink, 3);
const gardenFurniture = g(
  chair +
    mirror(chair) +
    rect(295, 104, 10, 165, C.lightGrey, 4) +
    path(
      "M150 165Q300 55 450 165Q412 180 375 165Q337 180 300 165Q262 180 225 165Q187 180 150 165Z",
      C.terracotta,
    ) +
    path("M300 110L225 165Q262 180 300 165Z", C.white) +
    path("M300 110Q375 110 450 165Q412 180 375 165Z", C.white) +
    circ(300, 102, 8, C.white) +
    rect(290, 284, 20, 86, C.grey, 4) +
    ell(300, 372, 46, 9, C.grey) +
    path("M200 262V272A100 22 0 0 0 400 272V262Z", C.sand) +
    shade("M202 274A98 20 0 0 0 398 274V266A98 20 0 0 1 202 266Z") +
    ell(300, 262, 100, 22, C.sand),
);

const trampoline = g(
  path("M130 285V130Q300 70 470 130V285Z", C.white).replace(
    "/>",
    ` opacity=".45" stroke="none"/>`,
  ) +
    path("M130 130Q180 96 235 104Q300 116 365 104Q420 96 470 130") +
    rect(229, 102, 12, 150, C.grey, 5) +
    rect(359, 102, 12, 150, C.grey, 5) +
    rect(154, 300, 12, 76, C.grey, 5) +
    rect(434, 300, 12, 76, C.grey, 5) +
    rect(294, 320, 12, 56, C.grey, 5) +
    rect(136, 368, 48, 10, C.grey, 5) +
    rect(416, 368, 48, 10, C.grey, 5) +
    rect(276, 368, 48, 10, C.grey, 5) +
    ell(300, 285, 172, 46, C.accent) +
    shade("M128 285A172 46 0 0 0 472 285A172 30 0 0 1 128 285Z") +
    ell(300, 280, 146, 32, C.ink) +
    rect(124, 128, 12, 160, C.grey, 5) +
    rect(464, 128, 12, 160, C.grey, 5) +
    rect(194, 138, 12, 182, C.grey, 5) +
    rect(394, 138, 12, 182, C.grey, 5) +
    path("M130 130Q165 150 200 140Q300 165 400 140Q435 150 470 130"),
);

const gardenShed = g(
  rect(170, 178, 260, 196, C.sand, 4) +
    lines("M172 214H428M172 250H428M172 286H428M172 322H428M172 358H428", C.ink, 2).replace(
      "/>",
      ` opacity=".2"/>`,
    ) +
    shadeR(172, 190, 256, 14) +
    path("M136 198L300 90L464 198L446 206L300 112L154 206Z", C.terracotta) +
    circ(300, 162, 14, C.white) +
    lines("M290 162H310M300 152V172", C.ink, 3) +
    rect(196, 222, 86, 152, C.accent, 3) +
    lines("M206 238H272M206 358H272M206 358L272 238", C.ink, 4).replace("/>", ` opacity=".35"/>`) +
    circ(266, 298, 5, C.mustard) +
    rect(316, 226, 88, 70, C.softGreen, 3) +
    shade("M318 228H402L318 294Z") +
    lines("M360 228V294M318 261H402", C.ink, 4) +
    rect(308, 294, 104, 12, C.white, 4) +
    rect(158, 368, 284, 12, C.grey, 4),
);

const lawnmower = g(
  path(
    "M134 250Q132 238 146 236L234 234Q250 236 252 250L258 334Q258 346 244 346L154 348Q142 348 140 336Z",
    C.lightGrey,
  ) +
    shade("M142 320L256 316L258 334Q258 346 244 346L154 348Q142 348 140 336Z") +
    lines("M160 254L164 334M184 252L188 334M208 252L212 334M232 252L236 332", C.grey, 3) +
    rect(130, 228, 126, 16, C.grey, 6) +
    tube("M228 302L176 132Q170 114 148 114", C.grey, 8) +
    tube("M186 160Q208 146 200 124", C.mustard, 4) +
    path("M190 350Q186 292 236 284L360 288Q408 292 408 336V350Z", C.accent) +
    shade("M192 332H406V350H190Z") +
    rect(262, 236, 84, 52, C.grey, 12) +
    rect(284, 222, 22, 16, C.ink, 4) +
    shine("M276 250H330") +
    circ(216, 350, 28, C.ink) +
    circ(216, 350, 12, C.lightGrey) +
    circ(384, 354, 24, C.ink) +
    circ(384, 354, 10, C.lightGrey),
);

const barbecue = g(
  tube("M244 290L206 364M356 290L394 364M300 300V362", C.grey, 6) +
    ell(300, 338, 58, 10, C.lightGrey) +
    circ(206, 364, 14, C.ink) +
    circ(394, 364, 14, C.ink) +
    path("M190 214A110 102 0 0 0 410 214Z", C.terracotta) +
    shade("M330 300A110 102 0 0 0 410 214H380A90 92 0 0 1 330 300Z") +
    rect(408, 228, 28, 12, C.ink, 6) +
    path("M196 208A104 92 0 0 1 404 208Z", C.terracotta) +
    shine("M226 176Q240 140 280 128") +
    circ(340, 150, 10, C.lightGrey) +
    rect(264, 102, 72, 16, C.ink, 8) +
    lines("M280 118V126M320 118V126", C.ink, 6) +
    rect(182, 204, 236, 14, C.grey, 7),
);

const chairSide =
  rect(260, 170, 18, 206, C.terracotta, 7) +
  rect(186, 268, 92, 16, C.terracotta, 6) +
  rect(190, 280, 14, 96, C.terracotta, 5) +
  lines("M264 196H274M264 222H274M264 248H274", C.ink, 3);
const roomClearout = g(
  tube("M158 150V364", C.grey, 5) +
    ell(158, 370, 28, 8, C.grey) +
    path("M128 152H188L176 98H140Z", C.mustard) +
    shade("M168 98H176L188 152H174Z") +
    chairSide +
    box(284, 272, 112, 104) +
    box(296, 190, 86, 82, C.mustard) +
    binBag(430, 378, 88, 150) +
    binBag(384, 378, 66, 86),
);

const loftClearout = g(
  rect(-10, 62, 620, 40, C.white, 0) +
    shadeR(-10, 90, 620, 10) +
    rect(256, 62, 108, 40, C.ink, 2) +
    path("M258 100L232 190L246 194L272 102Z", C.white) +
    tube("M282 100L252 372M338 100L368 372", C.lightGrey, 8) +
    tube("M280 140H340M275 190H345M269 240H351M264 290H356M258 340H362", C.lightGrey, 5) +
    rect(236, 368, 34, 10, C.grey, 4) +
    rect(350, 368, 34, 10, C.grey, 4) +
    tube("M166 250V226H208V250", C.grey, 5) +
    rect(140, 246, 96, 124, C.slate, 12) +
    shadeR(214, 250, 18, 116, 6) +
    lines("M164 262V354M188 262V354M212 262V354", C.ink, 3).replace("/>", ` opacity=".3"/>`) +
    circ(156, 372, 7, C.ink) +
    circ(220, 372, 7, C.ink) +
    box(382, 282, 92, 94) +
    box(392, 208, 72, 74, C.mustard),
);

const boxesBags = g(
  box(174, 266, 128, 110) +
    box(300, 286, 100, 90, C.mustard) +
    box(206, 178, 104, 88) +
    binBag(426, 378, 100, 146) +
    binBag(160, 378, 84, 104),
);

const carpet = g(
  rect(148, 166, 62, 206, C.slate, 6) +
    shadeR(190, 172, 16, 196, 4) +
    ell(179, 166, 31, 12, C.slate) +
    path("M179 166m-18 0a18 7 0 1 0 36 0a12 5 0 1 0 -24 0a6 2 0 1 0 12 0") +
    path("M196 292H436A24 42 0 0 1 436 376H196A24 42 0 0 1 196 292Z", C.terracotta) +
    `<g stroke="none" fill="${C.mustard}">${rect(232, 294, 14, 80, C.mustard, 0)}${rect(256, 294, 6, 80, C.mustard, 0)}${rect(370, 294, 6, 80, C.mustard, 0)}${rect(386, 294, 14, 80, C.mustard, 0)}</g>` +
    shade("M196 350H436V376H196A24 42 0 0 1 176 350Z") +
    path("M196 292A24 42 0 0 0 196 376") +
    lines("M172 304l-12 -4M170 318l-14 0M170 332l-14 0M170 346l-14 0M172 360l-12 4", C.ink, 3) +
    ell(436, 334, 24, 42, C.terracotta) +
    path("M436 334m-4 0a6 10 0 1 1 10 0a10 18 0 1 1 -18 0a14 26 0 1 1 26 0", "none"),
);

const bathroomSuite = g(
  rect(318, 236, 30, 140, C.white, 6) +
    path("M286 194H380Q378 232 333 236Q288 232 286 194Z", C.white) +
    shade("M348 202H378Q374 230 348 234Z") +
    tube("M333 194V176H346", C.grey, 5) +
    rect(116, 224, 200, 18, C.white, 9) +
    path("M124 240H308Q306 338 258 348H170Q124 338 124 240Z", C.white) +
    shade("M262 244H306Q304 336 258 346H250Q270 296 262 244Z") +
    rect(162, 344, 18, 32, C.grey, 5) +
    rect(250, 344, 18, 32, C.grey, 5) +
    tube("M146 224V198H166", C.grey, 5) +
    rect(384, 170, 86, 90, C.white, 8) +
    shadeR(452, 174, 14, 82, 4) +
    circ(427, 170, 6, C.lightGrey) +
    path("M384 280Q388 336 408 348L404 376H450L446 348Q466 336 470 280Z", C.white) +
    shade("M446 286H466Q462 332 446 348Z") +
    ell(427, 278, 48, 13, C.lightGrey),
);

const kitchenUnits = g(
  rect(138, 108, 94, 268, C.slate, 4) +
    lines("M140 242H230", C.ink, 4) +
    rect(212, 170, 8, 40, C.white, 3) +
    rect(212, 256, 8, 40, C.white, 3) +
    rect(232, 246, 230, 118, C.slate, 4) +
    lines("M308 248V362M386 248V362M310 286H384M310 324H384", C.ink, 4) +
    rect(288, 262, 8, 36, C.white, 3) +
    rect(328, 262, 36, 8, C.white, 3) +
    rect(328, 300, 36, 8, C.white, 3) +
    rect(328, 338, 36, 8, C.white, 3) +
    rect(398, 262, 8, 36, C.white, 3) +
    shadeR(234, 248, 226, 14) +
    tube("M346 232V194Q346 184 362 184H370", C.lightGrey, 6) +
    rect(226, 230, 244, 18, C.sand, 5) +
    lines("M312 232H392", C.grey, 4) +
    rect(136, 362, 330, 14, C.grey, 4),
);

const washingMachine = g(
  rect(208, 362, 26, 14, C.grey, 4) +
    rect(366, 362, 26, 14, C.grey, 4) +
    rect(196, 106, 208, 262, C.white, 12) +
    shadeR(384, 110, 16, 254, 6) +
    line(198, 162, 402, 162) +
    rect(212, 120, 66, 28, C.lightGrey, 4) +
    line(224, 134, 266, 134) +
    rect(296, 126, 40, 16, C.ink, 3) +
    circ(304, 134, 3, C.accent).replace("/>", ` stroke="none"/>`) +
    circ(370, 134, 15, C.lightGrey) +
    line(370, 134, 370, 122) +
    circ(300, 266, 76, C.lightGrey) +
    circ(300, 266, 56, C.slate) +
    path("M250 286Q275 270 300 288Q325 270 350 286A54 54 0 0 1 250 286Z", C.accent) +
    shine("M264 236A44 44 0 0 1 322 226") +
    rect(362, 250, 12, 32, C.grey, 5) +
    rect(212, 340, 34, 16, C.lightGrey, 4),
);

const tumbleDryer = g(
  rect(208, 362, 26, 14, C.grey, 4) +
    rect(366, 362, 26, 14, C.grey, 4) +
    tube("M402 300H426Q456 300 456 330V370", C.lightGrey, 18) +
    lines("M438 294V306M452 312L462 306M446 340H466M446 356H466", C.ink, 3) +
    rect(196, 106, 208, 262, C.white, 12) +
    shadeR(384, 110, 16, 254, 6) +
    line(198, 162, 402, 162) +
    circ(234, 134, 18, C.mustard) +
    line(234, 134, 242, 122) +
    circ(278, 134, 6, C.lightGrey) +
    circ(300, 134, 6, C.lightGrey) +
    circ(322, 134, 6, C.lightGrey) +
    rect(342, 124, 46, 20, C.ink, 3) +
    circ(300, 254, 70, C.grey) +
    circ(300, 254, 56, C.white) +
    shade("M262 294A56 56 0 0 0 356 254A56 56 0 0 1 262 294Z") +
    rect(256, 236, 88, 14, C.lightGrey, 7) +
    rect(228, 334, 144, 22, C.lightGrey, 5) +
    lines(
      "M244 340V350M262 340V350M280 340V350M298 340V350M316 340V350M334 340V350M352 340V350",
      C.grey,
      4,
    ),
);

const dishwasher = g(
  rect(204, 362, 26, 14, C.grey, 4) +
    rect(370, 362, 26, 14, C.grey, 4) +
    rect(192, 106, 216, 262, C.white, 10) +
    rect(202, 144, 196, 50, C.grey, 4) +
    circ(236, 176, 22, C.white) +
    circ(260, 176, 22, C.white) +
    circ(284, 176, 22, C.white) +
    rect(318, 152, 22, 30, C.lightGrey, 4) +
    rect(348, 152, 22, 30, C.lightGrey, 4) +
    tube("M206 184H394", C.lightGrey, 5) +
    rect(192, 106, 216, 36, C.lightGrey, 10) +
    circ(372, 124, 6, C.accent) +
    circ(350, 124, 6, C.white) +
    circ(328, 124, 6, C.white) +
    path("M184 186H416L408 368H192Z", C.white) +
    shadeR(390, 190, 16, 174, 4) +
    shade("M186 186H414L413 198H187Z") +
    rect(246, 204, 108, 14, C.grey, 7) +
    rect(196, 352, 208, 16, C.lightGrey, 4),
);

const cooker = g(
  rect(196, 94, 208, 26, C.lightGrey, 6) +
    path("M186 150H414L398 118H202Z", C.ink) +
    ell(262, 126, 20, 5, C.grey) +
    ell(338, 126, 20, 5, C.grey) +
    ell(254, 141, 28, 7, C.terracotta) +
    ell(346, 141, 28, 7, C.grey) +
    rect(190, 150, 220, 226, C.white, 6) +
    shadeR(392, 154, 14, 218, 4) +
    circ(232, 168, 9, C.lightGrey) +
    circ(262, 168, 9, C.lightGrey) +
    circ(338, 168, 9, C.lightGrey) +
    circ(368, 168, 9, C.lightGrey) +
    rect(286, 160, 28, 16, C.ink, 3) +
    line(192, 186, 408, 186) +
    rect(226, 196, 148, 12, C.grey, 6) +
    rect(226, 220, 148, 96, C.slate, 10) +
    shine("M244 238L262 230M244 256L290 234") +
    line(192, 330, 408, 330) +
    rect(276, 342, 48, 10, C.grey, 5),
);

const microwave = g(
  rect(170, 364, 30, 12, C.grey, 4) +
    rect(400, 364, 30, 12, C.grey, 4) +
    rect(146, 196, 308, 172, C.white, 14) +
    shadeR(150, 346, 300, 18, 8) +
    rect(162, 212, 206, 140, C.lightGrey, 8) +
    rect(176, 226, 150, 112, C.slate, 8) +
    ell(251, 318, 58, 12, C.lightGrey) +
    path("M224 314Q224 290 251 290Q278 290 278 314Z", C.mustard) +
    shine("M190 242L206 232M190 262L226 236") +
    rect(340, 228, 12, 108, C.grey, 6) +
    rect(384, 214, 54, 24, C.ink, 4) +
    rect(394, 224, 22, 6, C.accent, 2).replace("/>", ` stroke="none"/>`) +
    circ(396, 260, 8, C.lightGrey) +
    circ(426, 260, 8, C.lightGrey) +
    circ(396, 286, 8, C.lightGrey) +
    circ(426, 286, 8, C.lightGrey) +
    circ(411, 324, 16, C.lightGrey) +
    line(411, 324, 418, 312),
);

const vacuum = g(
  tube("M312 320Q372 322 360 232Q350 170 380 150", C.slate, 14) +
    tube("M386 150L432 346", C.lightGrey, 10) +
    tube("M374 156L392 132", C.grey, 12) +
    path("M394 350H468Q478 350 478 360V368Q478 378 468 378H396Q386 378 386 368Z", C.grey) +
    circ(432, 348, 10, C.ink) +
    lines("M398 372H466", C.ink, 3) +
    circ(174, 368, 10, C.ink) +
    circ(292, 368, 10, C.ink) +
    tube("M206 230Q206 202 232 202Q258 202 258 230", C.grey, 8) +
    rect(150, 256, 164, 112, C.accent, 40) +
    shade("M276 262Q314 276 314 316V332Q314 366 280 366H262Q292 326 276 262Z") +
    shine("M170 300Q172 276 194 268") +
    path("M158 270Q160 228 232 226Q304 228 306 270Z", C.ink) +
    rect(150, 262, 164, 16, C.grey, 8) +
    circ(312, 320, 10, C.grey),
);

export const homeArt: Readonly<Record<string, string>> = {
  "garden-bag": frame("Builder's bag of garden waste", gardenBag, "green"),
  "garden-furniture": frame("Patio table, chairs and parasol", gardenFurniture, "green"),
  trampoline: frame("Garden trampoline with safety net", trampoline, "green"),
  "garden-shed": frame("Timber garden shed", gardenShed, "green"),
  lawnmower: frame("Push lawnmower with grass box", lawnmower, "green"),
  barbecue: frame("Kettle barbecue", barbecue, "green"),
  "room-clearout": frame("Room clearance pile: boxes, lamp, chair and bags", roomClearout),
  "loft-clearout": frame("Loft ladder with boxes and a suitcase", loftClearout, "green"),
  "boxes-bags": frame("Cardboard boxes and black bin bags", boxesBags),
  carpet: frame("Rolled carpet with underlay", carpet),
  "bathroom-suite": frame("Bath, toilet and basin", bathroomSuite),
  "kitchen-units": frame("Kitchen units with worktop", kitchenUnits),
  "washing-machine": frame("Front-loading washing machine", washingMachine, "green"),
  "tumble-dryer": frame("Tumble dryer with vent hose", tumbleDryer),
  dishwasher: frame("Dishwasher with door ajar", dishwasher),
  cooker: frame("Freestanding cooker", cooker, "green"),
  microwave: frame("Microwave oven", microwave),
  vacuum: frame("Cylinder vacuum cleaner", vacuum),
};
