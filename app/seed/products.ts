/**
 * The demo catalogue seeded into an empty shop: realistic 2026 UK prices for
 * single-item collections, VAT included, in pence. Surcharges follow
 * docs/rules.md#position-options: inside and needs dismantling / inside, no
 * dismantling / left outside. Items that cannot be taken apart cost the same inside either way.
 */

import type { WasteClass } from "~/lib/waste";

export type SeedCategory =
  | "Sofa & Chair Removal"
  | "Old Batteries Removal"
  | "Office Removal"
  | "Garden Waste Removal"
  | "Furniture Removal"
  | "Fridge Removal"
  | "Electronic Removal"
  | "Home Removal"
  | "Appliance Removal";

export interface SeedProduct {
  name: string;
  description: string;
  category: SeedCategory;
  pricePence: number;
  insideDismantlePence: number;
  insideNoDismantlePence: number;
  outsidePence: number;
  /** key into the illustrations; unique per product */
  illustration: string;
  /** what its waste transfer note says (docs/rules.md#waste-classes) */
  waste: WasteClass;
  /** share of a van in hundredths of a cubic yard (a van carries about 10 yd³ a trip) */
  loadHundredths: number;
  /** minutes to carry it out and load it */
  handlingMinutes: number;
}

const waste = (wasteDescription: string, lowCode: string, pops = false): WasteClass => ({
  wasteDescription,
  lowCode,
  pops,
  hazardous: lowCode.endsWith("*"),
});

const SEATING = waste("Domestic seating containing POPs (upholstered)", "20 03 07", true);
const BULKY = waste("Bulky furniture waste", "20 03 07");
const MIXED = waste("Mixed household waste", "20 03 01");
const ELECTRICAL = waste("Discarded electrical and electronic equipment", "20 01 36");
const SCREENS = waste("Discarded equipment with screens (TVs, monitors, laptops)", "20 01 35*");
const LEAD_ACID = waste("Lead-acid batteries", "20 01 33*");
const OTHER_BATTERIES = waste(
  "Batteries other than lead-acid or NiCd (alkaline, lithium)",
  "20 01 34",
);

/** Each category's class (the migration's backfill for shops that had products before). */
const CATEGORY_WASTE: Record<SeedCategory, WasteClass> = {
  "Sofa & Chair Removal": SEATING,
  "Old Batteries Removal": LEAD_ACID,
  "Office Removal": waste("Mixed office waste", "20 03 01"),
  "Garden Waste Removal": waste("Garden waste (biodegradable)", "20 02 01"),
  "Furniture Removal": BULKY,
  "Fridge Removal": waste(
    "Discarded fridges and freezers containing refrigerant gases",
    "20 01 23*",
  ),
  "Electronic Removal": SCREENS,
  "Home Removal": MIXED,
  "Appliance Removal": ELECTRICAL,
};

/** Where the category is too coarse: by product name. */
const WASTE_BY_NAME: Readonly<Record<string, WasteClass>> = {
  "Household Batteries Box": OTHER_BATTERIES,
  "E-Bike Battery": waste("Lithium-ion batteries", "20 01 34"),
  "Laptop and Phone Batteries Bag": waste("Lithium-ion batteries", "20 01 34"),
  "Office Desk": waste("Bulky office furniture", "20 03 07"),
  "Office Chair": waste("Seating containing POPs (upholstered)", "20 03 07", true),
  "Filing Cabinet": waste("Bulky office furniture", "20 03 07"),
  "Bookcase or Shelving Unit": waste("Bulky office furniture", "20 03 07"),
  "Office Partition Screen": waste("Bulky office furniture", "20 03 07"),
  "Boardroom Table": waste("Bulky office furniture", "20 03 07"),
  "Garden Furniture Set": BULKY,
  Trampoline: BULKY,
  "Garden Shed": BULKY,
  Barbecue: BULKY,
  Lawnmower: ELECTRICAL,
  "Printer or Photocopier": ELECTRICAL,
  "Hi-Fi and Speakers": ELECTRICAL,
  "Carpet and Underlay": BULKY,
  "Bathroom Suite": BULKY,
  "Kitchen Units": BULKY,
};

/**
 * Each product's load (hundredths of a cubic yard) and handling minutes: what it takes
 * up in a Luton van of about 10 yd³, and the time two people need to carry it out and load it.
 */
const LOAD_BY_NAME: Readonly<Record<string, readonly [load: number, minutes: number]>> = {
  Armchair: [100, 10],
  "Two-Seater Sofa": [200, 15],
  "Three-Seater Sofa": [250, 20],
  "Corner Sofa": [400, 30],
  "Sofa Bed": [300, 25],
  "Recliner Chair": [120, 15],
  "Dining Chairs (set of 4)": [100, 10],
  "Household Batteries Box": [5, 5],
  "Car Battery": [5, 5],
  "E-Bike Battery": [5, 5],
  "Mobility Scooter Battery": [5, 5],
  "Leisure Battery": [5, 5],
  "Laptop and Phone Batteries Bag": [5, 5],
  "Office Desk": [150, 20],
  "Office Chair": [60, 5],
  "Filing Cabinet": [80, 15],
  "Bookcase or Shelving Unit": [100, 15],
  "Office Partition Screen": [50, 10],
  "Boardroom Table": [250, 30],
  "Garden Waste Bag": [100, 10],
  "Garden Furniture Set": [200, 15],
  Trampoline: [300, 40],
  "Garden Shed": [600, 120],
  Lawnmower: [50, 5],
  Barbecue: [50, 10],
  "Double Bed Frame": [200, 25],
  "Double Mattress": [150, 10],
  "Single Mattress": [100, 10],
  "Double Wardrobe": [250, 30],
  "Chest of Drawers": [100, 15],
  "Dining Table": [150, 15],
  "Bedside Table": [30, 5],
  "Under-Counter Fridge": [60, 10],
  "Fridge Freezer": [150, 20],
  "American Fridge Freezer": [250, 30],
  "Chest Freezer": [150, 20],
  "Wine Cooler": [50, 10],
  "Commercial Display Fridge": [300, 40],
  Television: [30, 5],
  "Large Television": [60, 10],
  "Desktop PC and Monitor": [30, 5],
  "Printer or Photocopier": [100, 20],
  "Laptop or Tablet": [10, 5],
  "Hi-Fi and Speakers": [40, 10],
  "Single Room Clear-Out": [400, 60],
  "Loft Clear-Out": [600, 120],
  "Boxes and Bags": [100, 15],
  "Carpet and Underlay": [150, 30],
  "Bathroom Suite": [250, 45],
  "Kitchen Units": [500, 90],
  "Washing Machine": [100, 20],
  "Tumble Dryer": [100, 15],
  Dishwasher: [80, 15],
  Cooker: [100, 20],
  Microwave: [10, 5],
  "Vacuum Cleaner": [10, 5],
};

type Row = [
  name: string,
  price: number,
  dismantle: number,
  inside: number,
  illustration: string,
  description: string,
];

function loadOf(name: string): { loadHundredths: number; handlingMinutes: number } {
  const found = LOAD_BY_NAME[name];
  if (!found) throw new Error(`Seed product without a load: ${name}`);
  return { loadHundredths: found[0], handlingMinutes: found[1] };
}

function group(category: SeedCategory, rows: Row[]): SeedProduct[] {
  return rows.map(([name, price, dismantle, inside, illustration, description]) => ({
    name,
    description,
    category,
    pricePence: price,
    insideDismantlePence: dismantle,
    insideNoDismantlePence: inside,
    outsidePence: 0,
    illustration,
    waste: WASTE_BY_NAME[name] ?? CATEGORY_WASTE[category],
    ...loadOf(name),
  }));
}

export const seedProducts: readonly SeedProduct[] = [
  ...group("Sofa & Chair Removal", [
    [
      "Armchair",
      3500,
      1000,
      500,
      "armchair",
      "One armchair or tub chair of any fabric. Upholstered seating goes to specialist treatment, as the law now requires.",
    ],
    [
      "Two-Seater Sofa",
      5500,
      1500,
      800,
      "sofa-two-seater",
      "A two-seater sofa or loveseat, fabric or leather. We protect door frames and stairs on the way out.",
    ],
    [
      "Three-Seater Sofa",
      6900,
      2000,
      1000,
      "sofa-three-seater",
      "A three-seater sofa, fabric or leather, with its cushions. Dismantling feet and backs is included when you choose it.",
    ],
    [
      "Corner Sofa",
      9900,
      3000,
      1500,
      "sofa-corner",
      "An L-shaped or modular corner sofa of up to five seats. We separate the sections so it leaves without scuffs.",
    ],
    [
      "Sofa Bed",
      7900,
      2500,
      1200,
      "sofa-bed",
      "A sofa bed with its metal action and mattress. The frame is separated for recycling.",
    ],
    [
      "Recliner Chair",
      4500,
      1500,
      800,
      "recliner",
      "A manual or electric recliner. We unplug and take the power supply with it.",
    ],
    [
      "Dining Chairs (set of 4)",
      3000,
      500,
      500,
      "dining-chairs",
      "Four wooden, metal or upholstered dining chairs. Solid wood chairs in good condition are offered for reuse.",
    ],
  ]),
  ...group("Old Batteries Removal", [
    [
      "Household Batteries Box",
      1500,
      300,
      300,
      "battery-box",
      "A box of used AA, AAA, C, D and button batteries, up to 5 kg, taken to a licensed battery recycler.",
    ],
    [
      "Car Battery",
      2000,
      500,
      500,
      "car-battery",
      "One lead-acid car or van battery, carried upright and recycled for its lead and acid.",
    ],
    [
      "E-Bike Battery",
      3500,
      500,
      500,
      "ebike-battery",
      "One lithium-ion e-bike or e-scooter battery, transported in a fire-safe container.",
    ],
    [
      "Mobility Scooter Battery",
      3000,
      500,
      500,
      "mobility-battery",
      "A pair of sealed mobility scooter or wheelchair batteries, collected and recycled safely.",
    ],
    [
      "Leisure Battery",
      2500,
      500,
      500,
      "leisure-battery",
      "One caravan, motorhome or boat leisure battery of up to 120 Ah.",
    ],
    [
      "Laptop and Phone Batteries Bag",
      1200,
      300,
      300,
      "device-batteries",
      "A bag of loose lithium batteries from phones, laptops, vapes and power banks, with terminals taped.",
    ],
  ]),
  ...group("Office Removal", [
    [
      "Office Desk",
      4500,
      1500,
      800,
      "office-desk",
      "A single office desk or workstation up to 1.8 m, with its drawer pedestal. Dismantled on site if needed.",
    ],
    [
      "Office Chair",
      2500,
      500,
      500,
      "office-chair",
      "One swivel or meeting chair. Good chairs are refurbished and reused by our partners.",
    ],
    [
      "Filing Cabinet",
      4000,
      1000,
      800,
      "filing-cabinet",
      "A two to four-drawer metal filing cabinet, emptied first. The steel is fully recycled.",
    ],
    [
      "Bookcase or Shelving Unit",
      3500,
      1200,
      600,
      "bookcase",
      "A bookcase or shelving unit up to 2 m tall, wood or metal, emptied before we arrive.",
    ],
    [
      "Office Partition Screen",
      2000,
      800,
      400,
      "partition-screen",
      "One desk-mounted or free-standing fabric partition screen.",
    ],
    [
      "Boardroom Table",
      8500,
      3000,
      1500,
      "boardroom-table",
      "A meeting or boardroom table seating up to ten. We remove the legs to get it out safely.",
    ],
  ]),
  ...group("Garden Waste Removal", [
    [
      "Garden Waste Bag",
      8500,
      2000,
      1000,
      "garden-bag",
      "One builder's bag (up to 1 tonne) of grass, leaves, hedge cuttings and branches. Composted, not landfilled.",
    ],
    [
      "Garden Furniture Set",
      5500,
      1500,
      800,
      "garden-furniture",
      "A patio table with up to six chairs, in metal, plastic, wood or rattan.",
    ],
    [
      "Trampoline",
      6500,
      2500,
      1500,
      "trampoline",
      "A garden trampoline up to 14 ft with its safety net. We dismantle the frame on site.",
    ],
    [
      "Garden Shed",
      18000,
      6000,
      0,
      "garden-shed",
      "A timber or metal shed up to 8 × 6 ft, taken down and removed. Please empty it first; the base stays.",
    ],
    [
      "Lawnmower",
      3500,
      500,
      500,
      "lawnmower",
      "One petrol or electric lawnmower. Please drain the fuel from petrol mowers before collection.",
    ],
    [
      "Barbecue",
      3000,
      800,
      500,
      "barbecue",
      "A charcoal or gas barbecue, with the gas bottle disconnected and kept by you (bottles go back to the supplier).",
    ],
  ]),
  ...group("Furniture Removal", [
    [
      "Double Bed Frame",
      5000,
      2000,
      1000,
      "bed-frame",
      "A double or king-size bed frame, wood or metal, with its slats. Dismantling included when you choose it.",
    ],
    [
      "Double Mattress",
      4500,
      800,
      800,
      "mattress-double",
      "One double or king-size mattress, any type. Springs, foam and fabric are separated for recycling.",
    ],
    [
      "Single Mattress",
      3500,
      600,
      600,
      "mattress-single",
      "One single mattress, sprung, foam or memory foam.",
    ],
    [
      "Double Wardrobe",
      5500,
      2000,
      1000,
      "wardrobe",
      "A freestanding double wardrobe up to 2 m tall, emptied first. We take it apart if it will not fit the stairs.",
    ],
    [
      "Chest of Drawers",
      4000,
      1200,
      600,
      "chest-of-drawers",
      "A chest of up to six drawers, emptied before we arrive.",
    ],
    [
      "Dining Table",
      4500,
      1500,
      800,
      "dining-table",
      "A dining table seating up to eight, any material. Legs removed where needed.",
    ],
    ["Bedside Table", 1500, 500, 300, "bedside-table", "One bedside cabinet or small side table."],
  ]),
  ...group("Fridge Removal", [
    [
      "Under-Counter Fridge",
      5500,
      1000,
      800,
      "fridge-undercounter",
      "An under-counter fridge or freezer. Refrigerant gases are recovered at a licensed treatment plant.",
    ],
    [
      "Fridge Freezer",
      7500,
      1500,
      1000,
      "fridge-freezer",
      "A standard upright fridge freezer up to 1.9 m. Please defrost it and leave it dry for the day.",
    ],
    [
      "American Fridge Freezer",
      11000,
      3000,
      2000,
      "fridge-american",
      "A side-by-side American-style fridge freezer. We disconnect the water line if you ask when booking.",
    ],
    [
      "Chest Freezer",
      7000,
      1500,
      1000,
      "chest-freezer",
      "A chest freezer of any size, defrosted and emptied.",
    ],
    [
      "Wine Cooler",
      4500,
      800,
      600,
      "wine-cooler",
      "A freestanding or built-under wine or drinks cooler.",
    ],
    [
      "Commercial Display Fridge",
      12000,
      3000,
      2000,
      "display-fridge",
      "A glass-door drinks or display fridge from a shop, café or bar, up to 2 m tall.",
    ],
  ]),
  ...group("Electronic Removal", [
    [
      "Television",
      3000,
      500,
      500,
      "tv",
      "A flat-screen television up to 50 inches, with its stand. Recycled under the WEEE regulations.",
    ],
    [
      "Large Television",
      4500,
      800,
      800,
      "tv-large",
      "A television over 50 inches, or an older CRT set of any size.",
    ],
    [
      "Desktop PC and Monitor",
      3000,
      500,
      500,
      "desktop-pc",
      "A desktop computer with one monitor, keyboard and mouse. Drives are wiped or shredded, with a certificate on request.",
    ],
    [
      "Printer or Photocopier",
      5000,
      1500,
      800,
      "printer",
      "A laser printer, multifunction device or small floor-standing photocopier. Toner cartridges included.",
    ],
    [
      "Laptop or Tablet",
      1500,
      300,
      300,
      "laptop",
      "A laptop or tablet with its charger. Storage is wiped or destroyed before recycling.",
    ],
    [
      "Hi-Fi and Speakers",
      2500,
      500,
      500,
      "hifi",
      "A hi-fi system or sound bar with up to four speakers and their cables.",
    ],
  ]),
  ...group("Home Removal", [
    [
      "Single Room Clear-Out",
      14900,
      4000,
      2000,
      "room-clearout",
      "Everything from one room, up to a quarter of a van load. Ideal before decorating or a move.",
    ],
    [
      "Loft Clear-Out",
      19900,
      5000,
      3000,
      "loft-clearout",
      "Boxes, suitcases and old belongings from a loft, up to a third of a van load, brought down safely.",
    ],
    [
      "Boxes and Bags",
      4000,
      1000,
      1000,
      "boxes-bags",
      "Up to ten boxes or black bags of general household items, clothes or paper.",
    ],
    [
      "Carpet and Underlay",
      4500,
      2000,
      1000,
      "carpet",
      "Carpet and underlay from one room up to 20 m², already lifted, or lifted by us if you choose dismantling.",
    ],
    [
      "Bathroom Suite",
      12000,
      4000,
      2000,
      "bathroom-suite",
      "A bath, basin, toilet and side panel, already disconnected from the water supply.",
    ],
    [
      "Kitchen Units",
      14000,
      5000,
      2500,
      "kitchen-units",
      "Up to eight removed kitchen cabinets and worktops. Units still fixed to the wall are taken out if you choose dismantling.",
    ],
  ]),
  ...group("Appliance Removal", [
    [
      "Washing Machine",
      4500,
      1500,
      800,
      "washing-machine",
      "A washing machine or washer dryer. Disconnecting from the water supply is included with dismantling.",
    ],
    [
      "Tumble Dryer",
      4500,
      1000,
      800,
      "tumble-dryer",
      "A vented, condenser or heat-pump tumble dryer.",
    ],
    [
      "Dishwasher",
      4500,
      1500,
      800,
      "dishwasher",
      "A freestanding or integrated dishwasher, disconnected or disconnected by us with dismantling.",
    ],
    [
      "Cooker",
      5500,
      2000,
      1000,
      "cooker",
      "A freestanding electric cooker. Gas cookers must be disconnected by a Gas Safe engineer first.",
    ],
    ["Microwave", 2000, 300, 300, "microwave", "A microwave or small combination oven."],
    [
      "Vacuum Cleaner",
      1500,
      300,
      300,
      "vacuum",
      "An upright, cylinder or cordless vacuum cleaner, with its battery.",
    ],
  ]),
];
