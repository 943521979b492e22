/**
 * The demo catalogue seeded into an empty shop: realistic 2026 UK prices for
 * single-item collections, VAT included, in pence. Surcharges follow
 * docs/rules.md#position-options: inside and needs dismantling / inside, no
 * dismantling / left outside. Items that cannot be taken apart cost the same inside either way.
 * The rows themselves live in seed/catalogue/, one list per category; here they get their
 * category, waste class and outside price.
 */

import type { WasteClass } from "~/lib/waste";
import {
  applianceRows,
  batteryRows,
  electronicRows,
  fridgeRows,
} from "./catalogue/electrical-items";
import {
  furnitureRows,
  gardenRows,
  homeClearanceRows,
  officeRows,
  sofaAndChairRows,
} from "./catalogue/bulky-items";
import type { ProductRow } from "./catalogue/product-row";

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

function group(category: SeedCategory, rows: readonly ProductRow[]): SeedProduct[] {
  return rows.map(([name, price, dismantle, inside, load, minutes, illustration, description]) => ({
    name,
    description,
    category,
    pricePence: price,
    insideDismantlePence: dismantle,
    insideNoDismantlePence: inside,
    outsidePence: 0,
    illustration,
    waste: WASTE_BY_NAME[name] ?? CATEGORY_WASTE[category],
    loadHundredths: load,
    handlingMinutes: minutes,
  }));
}

export const seedProducts: readonly SeedProduct[] = [
  ...group("Sofa & Chair Removal", sofaAndChairRows),
  ...group("Old Batteries Removal", batteryRows),
  ...group("Office Removal", officeRows),
  ...group("Garden Waste Removal", gardenRows),
  ...group("Furniture Removal", furnitureRows),
  ...group("Fridge Removal", fridgeRows),
  ...group("Electronic Removal", electronicRows),
  ...group("Home Removal", homeClearanceRows),
  ...group("Appliance Removal", applianceRows),
];
