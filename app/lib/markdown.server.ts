import MarkdownIt from "markdown-it";

/**
 * Blog posts' Markdown as HTML, safely, on the server (docs/rules.md#content). Staff write it, but
 * a shared account or a copied text must not put script on the public pages: HTML typed into the
 * post is shown as text, links may only be http(s), mailto or tel (markdown-it's own check drops
 * javascript: and data: links), and a picture inside the text becomes a link to it, named by its
 * words (the post has its own picture; an outside one would also break the pages' content
 * security policy). Headings are h2 at the most (# as ##), under the article's own h1; links to other sites carry
 * rel="nofollow noopener".
 */

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true });

const SAFE_LINK = /^(https?:|mailto:|tel:|\/|#)/i;

markdown.validateLink = (url: string) => SAFE_LINK.test(url.trim());

markdown.renderer.rules.image = (tokens, index) => {
  const token = tokens[index]!;
  const src = token.attrGet("src") ?? "";
  const escape = markdown.utils.escapeHtml;
  const rel = /^https?:/i.test(src) ? ' rel="nofollow noopener"' : "";
  return `<a href="${escape(src)}"${rel}>${escape(token.content || src)}</a>`;
};

markdown.core.ruler.push("shop_rules", (state) => {
  for (const token of state.tokens) {
    if (token.type === "heading_open" || token.type === "heading_close") {
      const level = Math.max(2, Number(token.tag.slice(1)));
      token.tag = `h${level}`;
    }
    for (const child of token.children ?? []) {
      if (child.type !== "link_open") continue;
      const href = child.attrGet("href") ?? "";
      if (/^https?:/i.test(href)) child.attrSet("rel", "nofollow noopener");
    }
  }
});

/** A post's Markdown as HTML to put inside its article. */
export function renderMarkdown(text: string): string {
  return markdown.render(text);
}
