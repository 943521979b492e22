import { z } from "zod";
import {
  COMPONENT_SOURCE_LIST,
  CONTAINER_CODES,
  DEFRA_UK_POSTCODE,
  HP_CODE_LIST,
  isCarrierRegistration,
  isSiteAuthorisation,
  MEANS_OF_TRANSPORT,
  NO_REGISTRATION_REASONS,
  PHYSICAL_FORMS,
  POP_CODE_LIST,
  SOURCES_NEEDING_COMPONENTS,
  type ComponentSource,
  type ContainerType,
  type HpCode,
  type PopCode,
} from "./waste-tracking-codes";

/**
 * The body a receiving site sends to Defra's Receipt API (`POST /movements/receive`), as our own
 * zod schema written from the published specification and validation rules (decision 046): the
 * record the waste export hands over is checked by it before anyone submits it. Where the prose
 * and Defra's code differ, the stricter holds (a waste item's weight and the carrier required).
 * `hazardousEwc` says which six-digit codes are hazardous: Defra's list flags them; ours marks
 * them with * (app/lib/waste.ts), so the caller passes what its codes say.
 */

const EWC = /^\d{6}$/;
/** An Irish Eircode, which Defra accepts for a carrier's or a broker's address. */
const EIRCODE = /^(D6W|[AC-FHKNPRTV-Y]\d{2}) ?[0-9AC-FHKNPRTV-Y]{4}$/i;
/** Consignment codes: England and Wales, Scotland (SEPA), Northern Ireland (NIEA). */
const CONSIGNMENT_CODES = [
  /^[A-Z0-9]{2,}\/[A-Z0-9]{5}[A-Z]?$/i,
  /^S[ABC]\d{7}$/i,
  /^D[ABC]\d{7}$/i,
];

const text = z.string().trim().min(1);

const weightSchema = z.object({
  metric: z.enum(["Grams", "Kilograms", "Tonnes"]),
  amount: z.number().positive(),
  isEstimate: z.boolean(),
});

const componentsOf = <T extends z.ZodType>(item: T) => z.array(item).nullable().optional();

const popsSchema = z.object({
  sourceOfComponents: z.enum(COMPONENT_SOURCE_LIST as [ComponentSource, ...ComponentSource[]]),
  components: componentsOf(
    z.object({
      code: z.enum(POP_CODE_LIST as [PopCode, ...PopCode[]]),
      concentration: z.number().positive().nullable().optional(),
    }),
  ),
});

const hazardousSchema = z.object({
  sourceOfComponents: z.enum(COMPONENT_SOURCE_LIST as [ComponentSource, ...ComponentSource[]]),
  hazCodes: z.array(z.enum(HP_CODE_LIST as [HpCode, ...HpCode[]])).optional(),
  components: componentsOf(
    z.object({ name: text, concentration: z.number().positive().nullable().optional() }),
  ),
});

const wasteItemSchema = z
  .object({
    ewcCodes: z.array(z.string().regex(EWC, "must be a valid 6-digit numeric code")).min(1).max(5),
    wasteDescription: text,
    physicalForm: z.enum(PHYSICAL_FORMS),
    numberOfContainers: z.number().int().min(0),
    typeOfContainers: z.enum(CONTAINER_CODES as [ContainerType, ...ContainerType[]]),
    weight: weightSchema,
    containsPops: z.boolean(),
    pops: popsSchema.optional(),
    containsHazardous: z.boolean(),
    hazardous: hazardousSchema.optional(),
    disposalOrRecoveryCodes: z
      .array(
        z.object({
          code: z.string().regex(/^(R([1-9]|1[0-3])|D([1-9]|1[0-5]))$/),
          weight: weightSchema,
        }),
      )
      .optional(),
  })
  .superRefine((item, ctx) => {
    // The same rules for POPs and hazardous components (Defra's business rules 1–6).
    for (const [contains, block, key] of [
      [item.containsPops, item.pops, "pops"],
      [item.containsHazardous, item.hazardous, "hazardous"],
    ] as const) {
      const components = block?.components ?? [];
      if (contains && !block)
        ctx.addIssue({ code: "custom", path: [key], message: `${key} is required` });
      if (!contains && components.length > 0)
        ctx.addIssue({
          code: "custom",
          path: [key, "components"],
          message: `must not be provided when ${key === "pops" ? "containsPops" : "containsHazardous"} is false`,
        });
      if (contains && block && SOURCES_NEEDING_COMPONENTS.includes(block.sourceOfComponents))
        if (components.length === 0)
          ctx.addIssue({
            code: "custom",
            path: [key, "components"],
            message: "is required when the source of components is GUIDANCE or OWN_TESTING",
          });
      if (block?.sourceOfComponents === "NOT_PROVIDED" && components.length > 0)
        ctx.addIssue({
          code: "custom",
          path: [key, "components"],
          message: "must not be provided when sourceOfComponents is NOT_PROVIDED",
        });
    }
    if (item.containsHazardous && item.hazardous && (item.hazardous.hazCodes ?? []).length === 0)
      ctx.addIssue({
        code: "custom",
        path: ["hazardous", "hazCodes"],
        message: "is required when containsHazardous is true",
      });
  });

const carrierSchema = z
  .object({
    registrationNumber: z.string().nullable(),
    reasonForNoRegistrationNumber: z.enum(NO_REGISTRATION_REASONS).optional(),
    organisationName: text,
    address: z
      .object({
        fullAddress: z.string().optional(),
        postcode: z
          .string()
          .refine(
            (postcode) => DEFRA_UK_POSTCODE.test(postcode) || EIRCODE.test(postcode),
            "must be in valid UK or Ireland format",
          ),
      })
      .optional(),
    emailAddress: z.email().optional(),
    phoneNumber: z.string().optional(),
    meansOfTransport: z.enum(MEANS_OF_TRANSPORT),
    vehicleRegistration: z.string().trim().min(1).max(10).optional(),
  })
  .superRefine((carrier, ctx) => {
    const number = carrier.registrationNumber ?? "";
    if (number !== "" && !isCarrierRegistration(number))
      ctx.addIssue({
        code: "custom",
        path: ["registrationNumber"],
        message: "must be in a valid England, SEPA, NRW or NI format",
      });
    if (number === "" && !carrier.reasonForNoRegistrationNumber)
      ctx.addIssue({
        code: "custom",
        path: ["reasonForNoRegistrationNumber"],
        message: "is required when there is no registration number",
      });
    if (number !== "" && carrier.reasonForNoRegistrationNumber)
      ctx.addIssue({
        code: "custom",
        path: ["reasonForNoRegistrationNumber"],
        message: "must not be provided with a registration number",
      });
    if (carrier.meansOfTransport === "Road" && !carrier.vehicleRegistration)
      ctx.addIssue({
        code: "custom",
        path: ["vehicleRegistration"],
        message: "is required when the means of transport is Road",
      });
    if (carrier.meansOfTransport !== "Road" && carrier.vehicleRegistration)
      ctx.addIssue({
        code: "custom",
        path: ["vehicleRegistration"],
        message: "is only for transport by Road",
      });
  });

const brokerSchema = z.object({
  organisationName: text,
  registrationNumber: z
    .string()
    .refine(isCarrierRegistration, "must be in a valid England, SEPA, NRW or NI format")
    .optional(),
  address: z.object({ fullAddress: z.string().optional(), postcode: z.string() }).optional(),
  phoneNumber: z.string().optional(),
  emailAddress: z.email().optional(),
});

/**
 * THE shape of a receipt movement. `hazardousEwc(code)` says whether a six-digit code is a
 * hazardous entry: a movement with one needs a consignment code or the reason it has none.
 */
export function receiptMovementSchema(
  hazardousEwc: (code: string) => boolean,
  /** a record we hand over: the receiving site adds its own API code when it submits it */
  options: { handover?: boolean } = {},
) {
  return z
    .object({
      apiCode: options.handover ? z.uuid().optional() : z.uuid(),
      dateTimeReceived: z.iso.datetime({ offset: true }),
      hazardousWasteConsignmentCode: z
        .string()
        .refine(
          (code) => CONSIGNMENT_CODES.some((pattern) => pattern.test(code)),
          "must be a valid consignment code",
        )
        .nullable()
        .optional(),
      reasonForNoConsignmentCode: z
        .enum(["NON_HAZ_WASTE_TRANSFER", "NO_DOC_WITH_WASTE", "HWRC_RECEIPT"])
        .optional(),
      yourUniqueReference: z.string().optional(),
      otherReferencesForMovement: z.array(z.object({ label: text, reference: text })).optional(),
      specialHandlingRequirements: z.string().max(5000).optional(),
      wasteItems: z.array(wasteItemSchema).min(1),
      carrier: carrierSchema,
      brokerOrDealer: brokerSchema.optional(),
      receiver: z.object({
        siteName: text,
        emailAddress: z.email().optional(),
        phoneNumber: z.string().optional(),
        authorisationNumber: z.string().refine(isSiteAuthorisation, "must be in a valid UK format"),
        regulatoryPositionStatements: z.array(z.number().int().positive()).optional(),
      }),
      receipt: z.object({
        address: z.object({
          fullAddress: text,
          postcode: z.string().regex(DEFRA_UK_POSTCODE, "must be in valid UK format"),
        }),
      }),
    })
    .superRefine((movement, ctx) => {
      const hazardous = movement.wasteItems.some((item) => item.ewcCodes.some(hazardousEwc));
      if (
        hazardous &&
        !movement.hazardousWasteConsignmentCode &&
        !movement.reasonForNoConsignmentCode
      )
        ctx.addIssue({
          code: "custom",
          path: ["reasonForNoConsignmentCode"],
          message: "is required when the waste is hazardous and has no consignment code",
        });
    });
}

export type ReceiptMovement = z.infer<ReturnType<typeof receiptMovementSchema>>;

/** A movement checked: the body, or Defra's way of naming each problem (`wasteItems.0.weight`). */
export function checkReceiptMovement(
  body: unknown,
  hazardousEwc: (code: string) => boolean,
  options: { handover?: boolean } = {},
):
  | { ok: true; movement: ReceiptMovement }
  | { ok: false; errors: { key: string; message: string }[] } {
  const parsed = receiptMovementSchema(hazardousEwc, options).safeParse(body);
  if (parsed.success) return { ok: true, movement: parsed.data };
  return {
    ok: false,
    errors: parsed.error.issues.map((issue) => ({
      key: issue.path.join("."),
      message: issue.message,
    })),
  };
}

/** What to put right for a problem with a record, in the office's words (by Defra's key). */
const PROBLEM_WORDS: [RegExp, string][] = [
  [/weight/, "a weight for each item (on the crew's completion, or the product's weight of one)"],
  [/hazCodes|hazardous/, "the hazardous properties of its hazardous items (on the product)"],
  [/pops/, "how its POPs are known and which they are (on the product)"],
  [
    /carrier\.registrationNumber|reasonForNoRegistrationNumber/,
    "the waste carrier registration (Settings)",
  ],
  [/vehicleRegistration/, "the van's registration (on the tip run)"],
  [/receiver|receipt/, "the tip site's address or permit number (Tip sites)"],
  [/ewcCodes/, "a List of Wastes code for each item"],
];

export function problemWords(keys: readonly string[]): string[] {
  const words = keys.map(
    (key) => PROBLEM_WORDS.find(([pattern]) => pattern.test(key))?.[1] ?? "the job's details",
  );
  return [...new Set(words)];
}
