import type { HeadersFunction } from "@remix-run/node";
import { privateLinkHeaders } from "~/lib/headers";
import { checkoutStyledPage } from "./checkout-styled-page";

/**
 * What every customer's link page (/booking/{token}, /quote/{token}, /job/{token}) exports
 * alike: the checkout's stylesheet, a title kept out of search engines, and private headers.
 * In the route: `export const { links, handle, meta, headers } = customerLinkPage("Title")`.
 */
export function customerLinkPage(title: string) {
  const headers: HeadersFunction = privateLinkHeaders;
  return { ...checkoutStyledPage(title), headers };
}
