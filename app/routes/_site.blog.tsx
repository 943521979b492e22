import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { BlogCard } from "~/components/blog-card";
import { formatShortDate } from "~/lib/format";
import { findBlogArticle, listBlogCards } from "~/models/shop/blog.server";
import { routeStylesheets } from "~/lib/stylesheets";
import blogStyles from "~/styles/blog.css";
import { sharedPageHeaders } from "~/lib/headers";
import { brandIn } from "~/lib/page-title";

/** The same page for every visitor without a bag or a session: kept and shared by the server. */
export const headers = sharedPageHeaders;

const styles = routeStylesheets(blogStyles);
export const links = styles.links;
export const handle = styles.handle;

export async function loader({ request }: LoaderFunctionArgs) {
  const title = new URL(request.url).searchParams.get("title");
  if (title === null) return { article: null, cards: await listBlogCards() };
  const article = await findBlogArticle(title);
  if (!article) throw new Response("No blog found", { status: 404 });
  return { article, cards: [] };
}

export default function Blog() {
  const { article, cards } = useLoaderData<typeof loader>();
  if (article) {
    return (
      <article className="container blog-article">
        <nav aria-label="Breadcrumb" className="breadcrumb">
          <Link to="/blog">All articles</Link>
        </nav>
        <h1>{article.title}</h1>
        <p className="blog-meta">
          Published By Admin | <time dateTime={article.date}>{formatShortDate(article.date)}</time>
        </p>
        {article.img ? (
          <img src={article.img} width="480" height="320" alt="" className="blog-article-image" />
        ) : null}
        {/* The post's Markdown, rendered on the server with typed HTML shown as text
            (app/lib/markdown.server.ts). */}
        <div className="blog-article-body" dangerouslySetInnerHTML={{ __html: article.html }} />
        <p>
          <Link to="/blog" className="button button-light">
            More articles
          </Link>
        </p>
      </article>
    );
  }
  return (
    <section className="container section" aria-labelledby="blog-title">
      <p className="eyebrow">Advice</p>
      <h1 id="blog-title">Recycling and waste, explained</h1>
      <p className="section-lead">
        Practical guides on clearing out, recycling and staying on the right side of the law.
      </p>
      {cards.length === 0 ? (
        <p data-testid="blog-empty">No articles yet. Please come back soon.</p>
      ) : (
        <div className="blog-grid">
          {cards.map((card, index) => (
            <BlogCard key={card.title} article={card} headingLevel={2} eager={index === 0} />
          ))}
        </div>
      )}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  {
    title: data?.article
      ? `${data.article.title} | ${brandIn(matches)} blog`
      : `Blog | ${brandIn(matches)}`,
  },
  {
    name: "description",
    content:
      data?.article?.summary ??
      "Guides on recycling, clearing out a home or office, and checking who takes your waste away.",
  },
];

export { ErrorBoundary } from "~/components/error-boundary";
