/**
 * Defra's digital waste tracking words, in our own tables (docs/rules.md#waste-tracking): the
 * values its Receipt API takes for a waste item and the patterns it checks numbers against,
 * written from the published rules (DEFRA/waste-movement-utils `src/constants`, the Receipt API
 * specification in DEFRA/waste-tracking-service; docs/decisions/046-defra-waste-tracking.md).
 * Shared by the product form, the completion, the checks and the export.
 */

/** What the waste is like physically (`physicalForm`). */
export const PHYSICAL_FORMS = ["Solid", "Mixed", "Liquid", "Sludge", "Powder", "Gas"] as const;
export type PhysicalForm = (typeof PHYSICAL_FORMS)[number];

/** How the waste is held (`typeOfContainers`): Defra's code and its meaning. */
export const CONTAINER_TYPES = {
  LOO: "Loose (no container)",
  BAG: "Bag or sack",
  BOX: "Box, carton or crate",
  BAL: "Bale",
  CAN: "Can or jerrycan",
  CAR: "Carrier (a pallet cage)",
  CAS: "Cask",
  CON: "Container",
  DRU: "Drum",
  FIB: "Fibre drum",
  IBC: "Intermediate bulk container",
  PAL: "Pallet",
  ROR: "Roll-on roll-off container",
  SKI: "Skip",
  TAN: "Tank or tanker",
  WBI: "Wheelie bin",
} as const;
export type ContainerType = keyof typeof CONTAINER_TYPES;
export const CONTAINER_CODES = Object.keys(CONTAINER_TYPES) as ContainerType[];

/** Hazardous properties (`hazCodes`), as Defra writes them, with their names (WM3 Appendix C). */
export const HP_CODES = {
  HP_1: "Explosive",
  HP_2: "Oxidising",
  HP_3: "Flammable",
  HP_4: "Irritant",
  HP_5: "Specific target organ toxicity or aspiration toxicity",
  HP_6: "Acute toxicity",
  HP_7: "Carcinogenic",
  HP_8: "Corrosive",
  HP_9: "Infectious",
  HP_10: "Toxic for reproduction",
  HP_11: "Mutagenic",
  HP_12: "Releases toxic gases in contact with water, air or acid",
  HP_13: "Sensitising",
  HP_14: "Ecotoxic",
  HP_15: "May show a hazardous property later",
  HP_POP: "Contains POPs above the legal limits",
} as const;
export type HpCode = keyof typeof HP_CODES;
export const HP_CODE_LIST = Object.keys(HP_CODES) as HpCode[];

/** Persistent organic pollutants (`pops.components[].code`), by Defra's code. */
export const POP_CODES = {
  PBDES: "Tetra-, penta-, hexa-, hepta- and decabromodiphenyl ethers (PBDEs)",
  DECABDE: "Decabromodiphenyl ether",
  PENTABDE: "Pentabromodiphenyl ether",
  TETRABDE: "Tetrabromodiphenyl ether",
  HEXABDE: "Hexabromodiphenyl ether",
  HEPTABDE: "Heptabromodiphenyl ether",
  HBCD: "Hexabromocyclododecane",
  SCCPS: "Short-chain chlorinated paraffins",
  PFOS: "Perfluorooctane sulfonic acid and its derivatives",
  PFOA: "Perfluorooctanoic acid",
  PFHXS: "Perfluorohexane sulfonic acid",
  HBB: "Hexabromobiphenyl",
  PCB: "Polychlorinated biphenyls",
  PCNS: "Polychlorinated naphthalenes",
  PCDD_PCDF: "Polychlorinated dibenzo-p-dioxins and dibenzofurans",
  HCBD: "Hexachlorobutadiene",
  HCB: "Hexachlorobenzene",
  PECBZ: "Pentachlorobenzene",
  PCP: "Pentachlorophenol",
  END: "Endosulfan",
  DDT: "Dichlorodiphenyltrichloroethane (DDT)",
  CHL: "Chlordane",
  HCH: "Hexachlorocyclohexanes, including lindane",
  DLD: "Dieldrin",
  ENDN: "Endrin",
  HPT: "Heptachlor",
  CLD: "Chlordecone",
  ALD: "Aldrin",
  MRX: "Mirex",
  TOX: "Toxaphene",
  DCF: "Dicofol",
} as const;
export type PopCode = keyof typeof POP_CODES;
export const POP_CODE_LIST = Object.keys(POP_CODES) as PopCode[];

/** How the components of POPs or hazardous waste are known (`sourceOfComponents`). */
export const COMPONENT_SOURCES = {
  GUIDANCE: "From guidance (such as the Environment Agency's on upholstered seating)",
  OWN_TESTING: "From our own testing",
  PROVIDED_WITH_WASTE: "Given to us with the waste",
  NOT_PROVIDED: "Not known",
} as const;
export type ComponentSource = keyof typeof COMPONENT_SOURCES;
export const COMPONENT_SOURCE_LIST = Object.keys(COMPONENT_SOURCES) as ComponentSource[];

/** Sources under which Defra requires the components to be named. */
export const SOURCES_NEEDING_COMPONENTS: readonly ComponentSource[] = ["GUIDANCE", "OWN_TESTING"];

/** How the waste travelled (`carrier.meansOfTransport`): ours is always by road. */
export const MEANS_OF_TRANSPORT = [
  "Road",
  "Rail",
  "Air",
  "Sea",
  "Inland Waterway",
  "Piped",
  "Other",
] as const;

/** Why hazardous waste came without a consignment code (`reasonForNoConsignmentCode`). */
export const NO_CONSIGNMENT_REASONS = {
  NON_HAZ_WASTE_TRANSFER: "Not a hazardous waste transfer",
  NO_DOC_WITH_WASTE: "No documents came with the waste",
  HWRC_RECEIPT: "Received at a household waste recycling centre",
} as const;
export type NoConsignmentReason = keyof typeof NO_CONSIGNMENT_REASONS;

/** Why a carrier has no registration number (`carrier.reasonForNoRegistrationNumber`). */
export const NO_REGISTRATION_REASONS = ["ON_SITE", "HOUSEHOLD", "ONE_OFF", "MARINE"] as const;

/**
 * A waste carrier's registration number as Defra checks it (case-insensitive, no spaces around):
 * England and Wales CBDU/CBDL and at least three digits; Scotland WCR/R/ and seven digits, a
 * regional office and six, or PCT-<letter>- and three to seven; Northern Ireland ROC UT/LT and
 * up to five digits.
 */
export const CARRIER_REGISTRATION_PATTERNS: readonly RegExp[] = [
  /^CBD[LU]\d{3,}$/i,
  /^WCR\/R\/\d{7}$/i,
  /^(SCO|SEA|SNO|SWE|WCR)\/\d{6}$/i,
  /^PCT-[A-Z]-\d{3,7}$/i,
  /^ROC[\s-]*[UL]T[\s-]*\d{1,5}$/i,
];

export const isCarrierRegistration = (text: string) =>
  CARRIER_REGISTRATION_PATTERNS.some((pattern) => pattern.test(text));

/**
 * A receiving site's permit or exemption number as Defra checks it (trimmed, case-insensitive):
 * England and Wales EPR permits (AB1234CD, with EPR/ and a /D1234 variation) and waste management
 * licences (EAWML or WML and five or six digits); Scotland PPC and WML permits; Northern Ireland
 * P and WPPC permits. Northern Ireland's combined WML forms are left to a later change.
 */
export const SITE_AUTHORISATION_PATTERNS: readonly RegExp[] = [
  /^(EPR\/)?[A-Z]{2}\d{4}[A-Z]{2}(\/D\d{4})?$/i,
  /^(EA)?WML\d{5,6}$/i,
  /^PPC\/[AWEN]\/\d{7}$/i,
  /^WML\/[LWEN]\/\d{7}(\/\d{2})?$/i,
  /^PPC\/A\/SEPA\d{4}-\d{4}$/i,
  /^WML\/L\/SEPA\d{4}-\d{4}$/i,
  /^EAS\/P\/\d{6}$/i,
  /^P\d{4}\/\d{2}[A-Z](\/V\d+)?$/i,
  /^WPPC \d{2}\/\d{2}(\/V\d+)?$/i,
];

export const isSiteAuthorisation = (text: string) =>
  SITE_AUTHORISATION_PATTERNS.some((pattern) => pattern.test(text.trim()));

/**
 * A UK postcode as Defra checks it (GOV.UK's bulk data pattern): the outward code, exactly one
 * space, the inward code; GIR 0AA too.
 */
export const DEFRA_UK_POSTCODE =
  /^(GIR 0AA|[A-PR-UWYZ]([0-9]{1,2}|([A-HK-Y][0-9]([0-9ABEHMNPRV-Y])?)|[0-9][A-HJKPS-UW]) [0-9][ABD-HJLNP-UW-Z]{2})$/i;

/** "20 01 23*" → "200123": Defra's six digits (its list says which are hazardous, we say it by *). */
export const ewcDigits = (lowCode: string) => lowCode.replace(/[^0-9]/g, "");
