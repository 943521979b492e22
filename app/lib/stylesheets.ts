import type { LinkDescriptor } from "@remix-run/node";

/**
 * A route's stylesheets, sent inside the first page a visitor loads instead of as files.
 *
 * On slow mobile connections each render-blocking stylesheet costs a round trip (and a new
 * connection) before anything shows: the server's document therefore carries the sheets of the
 * page's routes in `<style>` elements (`<InlineStylesheets>` in the root, from each route's
 * `handle.stylesheets`). After that, the browser loads the sheets of routes it navigates to as
 * files, through `links`, which Remix waits for before showing the new route.
 *
 * Usage in a route: `const styles = routeStylesheets(sheet)`, then
 * `export const links = styles.links` and `export const handle = styles.handle`.
 */
export function routeStylesheets(...hrefs: string[]) {
  return {
    links: (): LinkDescriptor[] =>
      hrefs.filter((href) => !inDocument(href)).map((href) => ({ rel: "stylesheet", href })),
    handle: { stylesheets: hrefs } satisfies StylesheetHandle,
  };
}

export interface StylesheetHandle {
  stylesheets: string[];
}

/** The attribute `<InlineStylesheets>` marks its elements with (the sheet's URL). */
export const STYLESHEET_ATTRIBUTE = "data-stylesheet";

/**
 * Whether `<InlineStylesheets>` has the sheet in the page: always, while the server renders
 * (inline, or as a link when its text cannot be read); in the browser, while the element the
 * server sent is still there.
 */
function inDocument(href: string): boolean {
  if (typeof document === "undefined") return true;
  return document.querySelector(`[${STYLESHEET_ATTRIBUTE}="${CSS.escape(href)}"]`) !== null;
}
