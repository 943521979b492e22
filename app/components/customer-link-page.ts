import type { HeadersFunction, MetaFunction } from "@remix-run/node";
import { privateLinkHeaders } from "~/lib/headers";
import { routeStylesheets } from "~/lib/stylesheets";
import checkoutStyles from "~/styles/checkout.css";

/**
 * What every customer's link page (/booking/{token}, /quote/{token}, /job/{token}) exports
 * alike: the checkout's stylesheet, a title kept out of search engines, and private headers.
 * In the route: `export const { links, handle, meta, headers } = customerLinkPage("Title")`.
 */
export function customerLinkPage(title: string) {
  const styles = routeStylesheets(checkoutStyles);
  const meta: MetaFunction = () => [{ title }, { name: "robots", content: "noindex" }];
  const headers: HeadersFunction = privateLinkHeaders;
  return { links: styles.links, handle: styles.handle, meta, headers };
}
