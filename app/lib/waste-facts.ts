import { z } from "zod";
import { checkFields, formLimits } from "./forms";
import {
  COMPONENT_SOURCE_LIST,
  CONTAINER_CODES,
  HP_CODE_LIST,
  PHYSICAL_FORMS,
  POP_CODE_LIST,
  SOURCES_NEEDING_COMPONENTS,
  type ComponentSource,
  type ContainerType,
  type HpCode,
  type PhysicalForm,
  type PopCode,
} from "./waste-tracking-codes";

/**
 * A product's waste facts for Defra's waste tracking (docs/rules.md#waste-facts), besides its
 * List of Wastes code (its waste class, app/lib/waste.ts): its physical form, the container it
 * goes in, the estimated weight of one, how its POPs are known and which they are, and the
 * hazardous properties of a hazardous one. `checkWasteFacts` is the one rule for what staff
 * give, on the product form and in the CSV import; pure, with a test table.
 */

export interface WasteFacts {
  physicalForm: PhysicalForm;
  container: ContainerType;
  /** the estimated weight of one, grams; 0 while nobody has given it */
  weightGrams: number;
  /** how its POPs are known (a POPs product only); null otherwise */
  popsSource: ComponentSource | null;
  /** the POPs it contains, by Defra's code (a POPs product only) */
  popCodes: PopCode[];
  /** its hazardous properties (a hazardous product only) */
  hpCodes: HpCode[];
}

/** What a product has until staff say otherwise: a solid, loaded loose, weight not given. */
export const DEFAULT_WASTE_FACTS: WasteFacts = {
  physicalForm: "Solid",
  container: "LOO",
  weightGrams: 0,
  popsSource: null,
  popCodes: [],
  hpCodes: [],
};

/** The facts' field names on the product form, the CSV import and the /api's own rows. */
export const WASTE_FACT_FIELDS = {
  physicalForm: "physical_form",
  container: "container_type",
  weight: "weight_kg",
  popsSource: "pops_source",
  popCodes: "pop_codes",
  hpCodes: "hp_codes",
} as const;

export const WASTE_FACTS_MESSAGES = {
  physicalForm: "Choose what the waste is like: solid, mixed, liquid, sludge, powder or gas",
  container: "Choose how the waste is held, such as loose or in bags",
  weight: "Enter the weight of one in kilograms, like 35 or 2.5 (at most 5,000)",
  popsSource: "Say how you know which POPs it contains",
  popCodes: "Name the POPs it contains: the guidance or the testing names them",
  popCodesNotProvided:
    "POPs cannot be named when how they are known is “Not known”: untick them, or say how you know",
  popCodesUnknown: (codes: string) => `These are not POPs Defra lists: ${codes}`,
  hpCodes: "Choose at least one hazardous property: hazardous waste needs them",
  hpCodesUnknown: (codes: string) =>
    `These are not hazardous properties: ${codes} (write them as HP1 to HP15, or HP POP)`,
} as const;

/** The form's box for a POP or a hazardous property: `pop_code_PBDES`, `hp_code_HP_14`. */
export const popCodeBox = (code: string) => `pop_code_${code}`;
export const hpCodeBox = (code: string) => `hp_code_${code}`;

/** "HP14", "hp 14", "HP_14" → "HP_14"; "HP POP" → "HP_POP". */
const hpCodeOf = (text: string) => text.toUpperCase().replace(/^HP[\s_-]*/, "HP_");

/** A list typed or sent as "PBDES, HBCD" (or "PBDES HBCD"): its codes, as written, without repeats. */
export const codeList = (text: string) => [
  ...new Set(
    text
      .split(/[\s,;]+/)
      .map((code) => code.trim())
      .filter(Boolean),
  ),
];

/** The most one item may weigh: 5 tonnes. */
const MAX_GRAMS = 5_000_000;

/**
 * A weight typed in kilograms ("2.5", "60") → grams, to the gram, at most 5,000 kg; null when it
 * is not one (empty included). The product form and the crew's completion read weights by it.
 */
export function gramsOfKilograms(typed: string): number | null {
  const match = /^(\d{1,4})(?:\.(\d{1,3}))?$/.exec(typed.trim());
  if (!match) return null;
  const grams = Number(match[1]) * 1000 + Number((match[2] ?? "").padEnd(3, "0"));
  return grams <= MAX_GRAMS ? grams : null;
}

/** The product's weight of one: empty is not given yet (0). */
const weightSchema = z
  .string()
  .trim()
  .transform((typed, ctx) => {
    if (typed === "") return 0;
    const grams = gramsOfKilograms(typed);
    if (grams !== null) return grams;
    ctx.addIssue({ code: "custom", message: WASTE_FACTS_MESSAGES.weight });
    return z.NEVER;
  });

const wasteFactsSchema = z.object({
  [WASTE_FACT_FIELDS.physicalForm]: z
    .string()
    .trim()
    .transform((typed) => typed || DEFAULT_WASTE_FACTS.physicalForm)
    .pipe(z.enum(PHYSICAL_FORMS, { error: WASTE_FACTS_MESSAGES.physicalForm })),
  [WASTE_FACT_FIELDS.container]: z
    .string()
    .trim()
    .transform((typed) => typed.toUpperCase() || DEFAULT_WASTE_FACTS.container)
    .pipe(
      z.enum(CONTAINER_CODES as [ContainerType, ...ContainerType[]], {
        error: WASTE_FACTS_MESSAGES.container,
      }),
    ),
  [WASTE_FACT_FIELDS.weight]: weightSchema,
  [WASTE_FACT_FIELDS.popsSource]: z
    .string()
    .trim()
    .transform((typed) => typed.toUpperCase())
    .refine(
      (typed) => typed === "" || (COMPONENT_SOURCE_LIST as string[]).includes(typed),
      WASTE_FACTS_MESSAGES.popsSource,
    ),
  [WASTE_FACT_FIELDS.popCodes]: z
    .string()
    .transform((typed) => codeList(typed.toUpperCase()))
    .superRefine((codes, ctx) => {
      const unknown = codes.filter((code) => !(POP_CODE_LIST as string[]).includes(code));
      if (unknown.length > 0)
        ctx.addIssue({
          code: "custom",
          message: WASTE_FACTS_MESSAGES.popCodesUnknown(unknown.join(", ")),
        });
    }),
  [WASTE_FACT_FIELDS.hpCodes]: z
    .string()
    // "HP 14" and "HP POP" are one code each: joined before the list is split.
    .transform((typed) => codeList(typed.replace(/\bHP[\s_-]+/gi, "HP_")).map(hpCodeOf))
    .superRefine((codes, ctx) => {
      const unknown = codes.filter((code) => !(HP_CODE_LIST as string[]).includes(code));
      if (unknown.length > 0)
        ctx.addIssue({
          code: "custom",
          message: WASTE_FACTS_MESSAGES.hpCodesUnknown(unknown.join(", ")),
        });
    }),
});

/** The fields' limits for the page. */
export const WASTE_FACT_LIMITS = formLimits(wasteFactsSchema);

export type WasteFactField = (typeof WASTE_FACT_FIELDS)[keyof typeof WASTE_FACT_FIELDS];

export type WasteFactsCheck =
  { ok: true; facts: WasteFacts } | { ok: false; errors: Partial<Record<WasteFactField, string>> };

/**
 * THE rule for a product's waste facts (Defra's, where the Receipt API has one):
 *
 * - physical form and container are Defra's values (empty: solid, loose); the weight of one is
 *   kilograms to three decimals, at most 5,000 (empty: not given yet);
 * - POPs (the waste class says it contains them): how they are known is required; from guidance
 *   or own testing, at least one POP is named; "not known", none may be; a product without POPs
 *   keeps neither (what the form still says of them is dropped, as its box was unticked);
 * - hazardous (its code ends in *): at least one hazardous property; a product that is not
 *   hazardous keeps none.
 */
export function checkWasteFacts(
  values: Readonly<Record<string, unknown>>,
  waste: { pops: boolean; hazardous: boolean },
): WasteFactsCheck {
  const text = (name: string) => (typeof values[name] === "string" ? (values[name] as string) : "");
  const { values: passed, errors } = checkFields(
    wasteFactsSchema,
    Object.fromEntries(Object.values(WASTE_FACT_FIELDS).map((name) => [name, text(name)])),
  );
  const source = passed[WASTE_FACT_FIELDS.popsSource] as ComponentSource | "" | undefined;
  const pops = (passed[WASTE_FACT_FIELDS.popCodes] ?? []) as PopCode[];
  const hp = (passed[WASTE_FACT_FIELDS.hpCodes] ?? []) as HpCode[];
  if (waste.pops && source === "")
    errors[WASTE_FACT_FIELDS.popsSource] = WASTE_FACTS_MESSAGES.popsSource;
  if (waste.pops && source && SOURCES_NEEDING_COMPONENTS.includes(source) && pops.length === 0)
    errors[WASTE_FACT_FIELDS.popCodes] ??= WASTE_FACTS_MESSAGES.popCodes;
  if (waste.pops && source === "NOT_PROVIDED" && pops.length > 0)
    errors[WASTE_FACT_FIELDS.popCodes] ??= WASTE_FACTS_MESSAGES.popCodesNotProvided;
  if (waste.hazardous && hp.length === 0)
    errors[WASTE_FACT_FIELDS.hpCodes] ??= WASTE_FACTS_MESSAGES.hpCodes;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    facts: {
      physicalForm: passed[WASTE_FACT_FIELDS.physicalForm] as PhysicalForm,
      container: passed[WASTE_FACT_FIELDS.container] as ContainerType,
      weightGrams: passed[WASTE_FACT_FIELDS.weight] as number,
      popsSource: waste.pops ? (source as ComponentSource) : null,
      popCodes: waste.pops ? pops : [],
      // Not hazardous: its properties are dropped (a code without * has none to declare).
      hpCodes: waste.hazardous ? hp : [],
    },
  };
}

/** 2500 grams → "2.5" (kilograms, as the form and the CSV show it); 0 → "". */
export function formatWeightKg(grams: number): string {
  if (grams <= 0) return "";
  return String(grams / 1000);
}

/** 1140000 grams → "1,140 kg" (a page's words); 0 → "weight not known". */
export function formatKilograms(grams: number): string {
  return grams > 0 ? `${(grams / 1000).toLocaleString("en-GB")} kg` : "weight not known";
}

/** The facts as the form and the CSV carry them. */
export function wasteFactValues(facts: WasteFacts): Record<WasteFactField, string> {
  return {
    [WASTE_FACT_FIELDS.physicalForm]: facts.physicalForm,
    [WASTE_FACT_FIELDS.container]: facts.container,
    [WASTE_FACT_FIELDS.weight]: formatWeightKg(facts.weightGrams),
    [WASTE_FACT_FIELDS.popsSource]: facts.popsSource ?? "",
    [WASTE_FACT_FIELDS.popCodes]: facts.popCodes.join(", "),
    [WASTE_FACT_FIELDS.hpCodes]: facts.hpCodes.join(", "),
  } as Record<WasteFactField, string>;
}

/** The facts from the columns they are stored in (products). */
export function storedWasteFacts(row: {
  physical_form: string;
  container_type: string;
  weight_grams: number;
  pops_source: string | null;
  pop_codes: string;
  hp_codes: string;
}): WasteFacts {
  return {
    physicalForm: row.physical_form as PhysicalForm,
    container: row.container_type as ContainerType,
    weightGrams: row.weight_grams,
    popsSource: (row.pops_source as ComponentSource | null) ?? null,
    popCodes: codeList(row.pop_codes) as PopCode[],
    hpCodes: codeList(row.hp_codes) as HpCode[],
  };
}

/** The facts as the products table stores them. */
export function wasteFactColumns(facts: WasteFacts) {
  return {
    physical_form: facts.physicalForm,
    container_type: facts.container,
    weight_grams: facts.weightGrams,
    pops_source: facts.popsSource,
    pop_codes: facts.popCodes.join(","),
    hp_codes: facts.hpCodes.join(","),
  };
}
