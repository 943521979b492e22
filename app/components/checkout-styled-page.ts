import type { MetaFunction } from "@remix-run/node";
import { routeStylesheets } from "~/lib/stylesheets";
import checkoutStyles from "~/styles/checkout.css";
import { titleFor } from "~/lib/page-title";

/**
 * What the pages of a booking and its payment export alike: the checkout's stylesheet, and a
 * title under the business's name (with a description, if given) kept out of search engines.
 * In the route: `export const { links, handle, meta } = checkoutStyledPage("Title", "…")`.
 */
export function checkoutStyledPage(title: string, description?: string) {
  const styles = routeStylesheets(checkoutStyles);
  const meta: MetaFunction = ({ matches }) => [
    { title: titleFor(matches, title) },
    ...(description === undefined ? [] : [{ name: "description", content: description }]),
    { name: "robots", content: "noindex" },
  ];
  return { links: styles.links, handle: styles.handle, meta };
}
