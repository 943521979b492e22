import { Link } from "@remix-run/react";
import type { BlogArticle } from "~/content/types";
import { formatShortDate } from "~/lib/format";
import { truncate } from "~/lib/text";

export const BLOG_CARD_DESCRIPTION_LENGTH = 100;

export function blogHref(article: BlogArticle): string {
  return `/blog?title=${encodeURIComponent(article.title)}`;
}

export function BlogCard({ article }: { article: BlogArticle }) {
  return (
    <article className="blog-card" data-testid="blog-card">
      <img src={article.img} width="480" height="320" alt="" loading="lazy" decoding="async" className="blog-card-image" />
      <div className="blog-card-body">
        <p className="blog-card-date">
          <time dateTime={article.date}>{formatShortDate(article.date)}</time>
        </p>
        <h3 className="blog-card-title">
          <Link to={blogHref(article)}>{article.title}</Link>
        </h3>
        <p className="blog-card-description">{truncate(article.description, BLOG_CARD_DESCRIPTION_LENGTH)}</p>
      </div>
    </article>
  );
}
