import { useMatches } from "@remix-run/react";
import { createContext, useContext } from "react";
import { STYLESHEET_ATTRIBUTE, type StylesheetHandle } from "~/lib/stylesheets";

/**
 * The text of a built stylesheet by its URL, or null when it cannot be read. Provided by the
 * server's entry only: in the browser there is none, and the elements the server sent are kept.
 */
const StylesheetTextContext = createContext<((href: string) => string | null) | null>(null);
export const StylesheetTextProvider = StylesheetTextContext.Provider;

/**
 * The stylesheets of the matched routes (their `handle.stylesheets`, see routeStylesheets), in
 * the document the server sends: each inline in a `<style>`, so the first paint waits for no
 * stylesheet request. A sheet whose text the server cannot read is linked instead.
 *
 * In the browser it keeps what the server sent (hydration reads the text back from the page),
 * and drops a sheet once no matched route has it; routes shown later load theirs through `links`.
 */
export function InlineStylesheets() {
  const readText = useContext(StylesheetTextContext);
  const hrefs = [
    ...new Set(
      useMatches().flatMap(
        (match) => (match.handle as Partial<StylesheetHandle> | undefined)?.stylesheets ?? [],
      ),
    ),
  ];
  return (
    <>
      {hrefs.map((href) => {
        const attributes = { [STYLESHEET_ATTRIBUTE]: href };
        if (typeof document === "undefined") {
          const text = readText?.(href) ?? null;
          return text === null ? (
            <link key={href} rel="stylesheet" href={href} {...attributes} />
          ) : (
            <style key={href} {...attributes} dangerouslySetInnerHTML={{ __html: text }} />
          );
        }
        const sent = document.querySelector(`[${STYLESHEET_ATTRIBUTE}="${CSS.escape(href)}"]`);
        if (sent instanceof HTMLLinkElement)
          return <link key={href} rel="stylesheet" href={href} {...attributes} />;
        if (sent instanceof HTMLStyleElement)
          return (
            <style
              key={href}
              {...attributes}
              dangerouslySetInnerHTML={{ __html: sent.innerHTML }}
              suppressHydrationWarning
            />
          );
        return null;
      })}
    </>
  );
}
