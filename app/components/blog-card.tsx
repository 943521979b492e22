import { Link } from "@remix-run/react";
import type { BlogCardData } from "~/lib/blog-post";
import { formatShortDate } from "~/lib/format";

export function blogHref(title: string): string {
  return `/blog?title=${encodeURIComponent(title)}`;
}

export function BlogCard({
  article,
  headingLevel = 3,
  eager = false,
}: {
  article: BlogCardData;
  headingLevel?: 2 | 3;
  /** the first card of a page that starts with them: its picture loads at once */
  eager?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="blog-card" data-testid="blog-card">
      {article.img ? (
        <img
          src={article.img}
          width="480"
          height="320"
          alt=""
          loading={eager ? "eager" : "lazy"}
          // lower case: React 18 passes it through as it is (it knows no fetchPriority); decoded
          // with the frame that follows its arrival, not left for later
          {...(eager ? { fetchpriority: "high" } : { decoding: "async" })}
          className="blog-card-image"
        />
      ) : (
        <div className="blog-card-image" aria-hidden="true" />
      )}
      <div className="blog-card-body">
        <p className="blog-card-date">
          <time dateTime={article.date}>{formatShortDate(article.date)}</time>
        </p>
        <Heading className="blog-card-title">
          <Link to={blogHref(article.title)}>{article.title}</Link>
        </Heading>
        <p className="blog-card-description">{article.description}</p>
      </div>
    </article>
  );
}
