import { legalLine, type BusinessProfile } from "~/lib/business-profile";
import type { DocumentSpec } from "~/services/pdf-spec.server";

/**
 * The business a document is from, and the letterhead every document prints
 * at its top: the name, the address, phone and email, the waste carrier registration.
 */

/** The business a document is from (app/models/shop/business-profile.server.ts), with its logo's PNG. */
export type DocumentBusiness = BusinessProfile & { logoPng?: Uint8Array };

/** The business's name and lines at the head of a document; `vatLine` last, when the business charges VAT. */
export function letterhead(business: DocumentBusiness, vatLine?: string): DocumentSpec["header"] {
  return {
    name: business.name,
    ...(business.logoPng ? { logo: business.logoPng } : {}),
    lines: [
      business.address,
      `${business.phone} · ${business.email}`,
      `Waste carrier registration: ${business.wasteCarrierLicence}`,
      ...(vatLine === undefined ? [] : [vatLine]),
      // A company's documents name its registered name, number and office (Companies Act 2006).
      ...(business.companyNumber ? [legalLine(business)] : []),
    ],
  };
}
