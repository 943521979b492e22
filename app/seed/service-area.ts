/**
 * The demo business's area served ("London and the South East"): Greater London's postcode areas
 * and those around it. Seeded with the demo catalogue (SEED_DEMO); staff change it in Settings.
 */
export const DEMO_AREA_IN_WORDS = "London and the South East";

/** The demo area's postcode areas. */
export const DEMO_SERVICE_AREA = [
  // Greater London
  ...["E", "EC", "N", "NW", "SE", "SW", "W", "WC"],
  ...["BR", "CR", "DA", "EN", "HA", "IG", "KT", "RM", "SM", "TW", "UB", "WD"],
  // The South East and the Home Counties
  ...["AL", "BN", "CM", "CT", "GU", "HP", "LU", "ME", "MK", "OX", "PO", "RG", "RH", "SG"],
  ...["SL", "SO", "SS", "TN"],
] as const;
