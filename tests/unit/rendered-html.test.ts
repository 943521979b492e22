import { describe, expect, it } from "vitest";
import { withoutNulBytes } from "~/lib/rendered-html";

/** The page's bytes without React 18's padding NULs (app/lib/rendered-html.ts). */
describe("withoutNulBytes", () => {
  const utf8 = (text: string) => Buffer.from(text, "utf8");
  it.each([
    ["a page without any", utf8("<li>1 × Sofa</li>"), "<li>1 × Sofa</li>"],
    [
      "padding before a multi-byte character",
      Buffer.concat([utf8("<li>1 "), Buffer.from([0]), utf8("× Garage</li>")]),
      "<li>1 × Garage</li>",
    ],
    [
      "several at once",
      Buffer.concat([utf8("a"), Buffer.alloc(3), utf8("é"), Buffer.alloc(1)]),
      "aé",
    ],
    ["nothing at all", Buffer.alloc(0), ""],
  ])("%s", (_, bytes, text) => {
    expect(withoutNulBytes(bytes).toString("utf8")).toBe(text);
  });

  it("hands back the same bytes when there is nothing to drop", () => {
    const bytes = utf8("<p>Hello</p>");
    expect(withoutNulBytes(bytes)).toBe(bytes);
  });
});
