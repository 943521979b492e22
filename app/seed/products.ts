/**
 * The demo catalogue seeded into an empty shop: realistic 2026 UK prices for
 * single-item collections, VAT included, in pence. Surcharges follow
 * docs/rules.md#position-options: inside and needs dismantling / inside, no
 * dismantling / left outside. Items that cannot be taken apart cost the same inside either way.
 * The rows themselves live in seed/catalogue/, one list per category; here they get their
 * category, waste class and outside price.
 */

import type { WasteClass } from "~/lib/waste";
import type { WasteFacts } from "~/lib/waste-facts";
import type { ContainerType, HpCode } from "~/lib/waste-tracking-codes";
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
  /** what Defra's waste tracking asks besides (docs/rules.md#waste-facts) */
  wasteFacts: WasteFacts;
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

/** An estimate of one item's weight, kg, by category (the crew correct it on the day). */
const CATEGORY_KG: Record<SeedCategory, number> = {
  "Sofa & Chair Removal": 35,
  "Old Batteries Removal": 15,
  "Office Removal": 25,
  "Garden Waste Removal": 30,
  "Furniture Removal": 40,
  "Fridge Removal": 60,
  "Electronic Removal": 15,
  "Home Removal": 50,
  "Appliance Removal": 45,
};

/** Where the category's weight or container is too coarse: by product name. */
const FACTS_BY_NAME: Readonly<Record<string, { kg: number; container?: ContainerType }>> = {
  "Household Batteries Box": { kg: 5, container: "BOX" },
  "E-Bike Battery": { kg: 3 },
  "Laptop and Phone Batteries Bag": { kg: 2, container: "BAG" },
  "Garden Waste Bag": { kg: 15, container: "BAG" },
};

/** The hazardous properties of the demo catalogue's hazardous entries. */
const HP_BY_CODE: Readonly<Record<string, HpCode[]>> = {
  // refrigerant gases that deplete the ozone layer
  "20 01 23*": ["HP_14"],
  // lead, mercury and cadmium in screens and their boards
  "20 01 35*": ["HP_14"],
  // sulphuric acid and lead
  "20 01 33*": ["HP_8", "HP_10", "HP_14"],
};

/**
 * A seed product's waste facts: solid (mixed for mixed waste), loaded loose, its estimated weight;
 * upholstered seating's POPs as the Environment Agency's guidance names them (decaBDE the most
 * common, then HBCDD, pentaBDE and tetraBDE); a hazardous entry's properties.
 */
function factsOf(name: string, category: SeedCategory, waste: WasteClass): WasteFacts {
  const byName = FACTS_BY_NAME[name];
  return {
    physicalForm: waste.wasteDescription.startsWith("Mixed") ? "Mixed" : "Solid",
    container: byName?.container ?? "LOO",
    weightGrams: (byName?.kg ?? CATEGORY_KG[category]) * 1000,
    popsSource: waste.pops ? "GUIDANCE" : null,
    popCodes: waste.pops ? ["DECABDE", "HBCD", "PENTABDE", "TETRABDE"] : [],
    hpCodes: HP_BY_CODE[waste.lowCode] ?? [],
  };
}

function group(category: SeedCategory, rows: readonly ProductRow[]): SeedProduct[] {
  return rows.map(([name, price, dismantle, inside, load, minutes, illustration, description]) => {
    const waste = WASTE_BY_NAME[name] ?? CATEGORY_WASTE[category];
    return {
      name,
      description,
      category,
      pricePence: price,
      insideDismantlePence: dismantle,
      insideNoDismantlePence: inside,
      outsidePence: 0,
      illustration,
      waste,
      wasteFacts: factsOf(name, category, waste),
      loadHundredths: load,
      handlingMinutes: minutes,
    };
  });
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
