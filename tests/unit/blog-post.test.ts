import { describe, expect, it } from "vitest";
import { BLOG_MESSAGES as M, slugOf } from "~/lib/blog-post";
import { BLOG_POST_LIMITS, checkBlogPost } from "~/lib/blog-post-rules.server";
import { renderMarkdown } from "~/lib/markdown.server";

const TODAY = "2026-11-27";
const POST = {
  title: "  Clearing a loft   safely ",
  summary: " What to move first,\nand what we take. ",
  body: "First paragraph.\r\n\r\nSecond paragraph.  \r\n",
  published_on: "2026-11-20",
};

describe("checkBlogPost", () => {
  it("keeps a post tidied: one-line fields on one line, the body's line ends as Markdown reads them", () => {
    expect(checkBlogPost(POST, TODAY)).toEqual({
      ok: true,
      fields: {
        title: "Clearing a loft safely",
        summary: "What to move first, and what we take.",
        body: "First paragraph.\n\nSecond paragraph.",
        published_on: "2026-11-20",
      },
    });
  });

  it.each([
    ["title", "", M.title],
    ["title", "x".repeat(101), M.title],
    ["summary", " ", M.summary],
    ["summary", "x".repeat(301), M.summary],
    ["body", "\n\n", M.body],
    ["body", "x".repeat(20_001), M.body],
    ["published_on", "", M.date],
    ["published_on", "27/11/2026", M.date],
    ["published_on", "2026-02-30", M.date],
    ["published_on", "2026-11-28", M.date],
  ])("refuses %s of %#", (field, value, message) => {
    expect(checkBlogPost({ ...POST, [field]: value }, TODAY)).toEqual({
      ok: false,
      errors: { [field]: message },
    });
  });

  it("takes today as the latest date", () => {
    expect(checkBlogPost({ ...POST, published_on: TODAY }, TODAY).ok).toBe(true);
  });

  it("gives the page the limits the schema holds", () => {
    expect(BLOG_POST_LIMITS).toMatchObject({
      title: { maxLength: 100 },
      summary: { maxLength: 300 },
      body: { maxLength: 20_000 },
    });
  });
});

describe("slugOf", () => {
  it.each([
    [
      "What Happens to Your Sofa After We Collect It",
      "what-happens-to-your-sofa-after-we-collect-it",
    ],
    ["Café clear-outs: 5 tips!", "cafe-clear-outs-5-tips"],
    ["  --  ", "post"],
    ["£££", "post"],
    [`${"word ".repeat(30)}`, "word-".repeat(16).slice(0, 79)],
  ])("slug %# is %j", (title, slug) => {
    expect(slugOf(title)).toBe(slug);
  });
});

describe("renderMarkdown", () => {
  it.each([
    ["paragraphs", "One.\n\nTwo.", "<p>One.</p>\n<p>Two.</p>\n"],
    [
      "headings start under the article's h1",
      "# Big\n\n## Smaller\n\n### Small",
      "<h2>Big</h2>\n<h2>Smaller</h2>\n<h3>Small</h3>\n",
    ],
    ["lists", "- sofa\n- bed", "<ul>\n<li>sofa</li>\n<li>bed</li>\n</ul>\n"],
    ["emphasis", "**bold** and _soft_", "<p><strong>bold</strong> and <em>soft</em></p>\n"],
    [
      "typed HTML shown as text",
      "<script>alert(1)</script>",
      "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n",
    ],
    [
      "an inline event handler shown as text",
      '<img src=x onerror="alert(1)">',
      "<p>&lt;img src=x onerror=“alert(1)”&gt;</p>\n",
    ],
    [
      "a javascript: link not made",
      "[click](javascript:alert(1))",
      "<p>[click](javascript:alert(1))</p>\n",
    ],
    [
      "a data: link not made",
      "[x](data:text/html;base64,PHNjcmlwdD4=)",
      "<p>[x](data:text/html;base64,PHNjcmlwdD4=)</p>\n",
    ],
    [
      "a link to another site, marked nofollow",
      "[GOV.UK](https://www.gov.uk/check-waste-carrier)",
      '<p><a href="https://www.gov.uk/check-waste-carrier" rel="nofollow noopener">GOV.UK</a></p>\n',
    ],
    ["a link within the shop", "[book](/products)", '<p><a href="/products">book</a></p>\n'],
    ["a phone number", "[call](tel:02079460000)", '<p><a href="tel:02079460000">call</a></p>\n'],
    [
      "a picture made a link, named by its words",
      "![our van](https://example.com/van.png)",
      '<p><a href="https://example.com/van.png" rel="nofollow noopener">our van</a></p>\n',
    ],
    [
      "a picture from data: not made",
      "![x](data:image/png;base64,AAAA)",
      "<p>![x](data:image/png;base64,AAAA)</p>\n",
    ],
  ])("%s", (_, markdown, html) => {
    expect(renderMarkdown(markdown)).toBe(html);
  });
});
