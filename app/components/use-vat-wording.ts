import { useRouteLoaderData } from "@remix-run/react";
import { vatWording, type VatStatus } from "~/lib/vat";

/** Before the site's data has loaded (an error page), nothing is said of VAT. */
const UNKNOWN: VatStatus = { registered: false, ratePercent: 0 };

/**
 * What a page of the shop says about VAT, from the business's VAT status that the site layout
 * loads once for every page (routes/_site.tsx).
 */
export function useVatWording() {
  const site = useRouteLoaderData("routes/_site") as { vat?: VatStatus } | undefined;
  const vat = site?.vat ?? UNKNOWN;
  return { vat, ...vatWording(vat) };
}
