import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ProductCard } from "~/components/product-card";
import { useVatWording } from "~/components/use-vat-wording";
import { ShopPager } from "~/components/shop-pager";
import { PRODUCT_CATEGORIES } from "~/lib/categories";
import { skipRevalidationForOverlays } from "~/lib/overlays";
import { listProducts, productCardView } from "~/models/catalogue/product.server";
import { routeStylesheets } from "~/lib/stylesheets";
import productStyles from "~/styles/products.css";
import { sharedPageHeaders } from "~/lib/headers";
import { brandIn } from "~/lib/page-title";

/** The same page for every visitor without a bag or a session: kept and shared by the server. */
export const headers = sharedPageHeaders;

const styles = routeStylesheets(productStyles);
export const links = styles.links;
export const handle = styles.handle;

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const result = await listProducts({
    category: params.get("product_category"),
    name: params.get("product_name"),
    page: Number(params.get("page") ?? 1),
  });
  return { ...result, products: result.products.map(productCardView) };
}

export const shouldRevalidate = skipRevalidationForOverlays;

function href(query: { category?: string | null; name?: string; page?: number }) {
  const params = new URLSearchParams();
  if (query.name) params.set("product_name", query.name);
  if (query.category) params.set("product_category", query.category);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return `/products${search ? `?${search}` : ""}`;
}

export default function Products() {
  const result = useLoaderData<typeof loader>();
  const { fixedPrices } = useVatWording();
  const { products, page, pageCount, total, category, name, unknownCategory } = result;
  const heading = category ?? "All Services";
  return (
    <>
      <section className="services-banner">
        <div className="container">
          <p className="eyebrow">{fixedPrices}</p>
          <h1>{heading}</h1>
          <p className="section-lead">
            Choose an item to see the price for where it will be on the day. Not sure what something
            costs? <Link to="/quote">Send us a photo for a quote</Link>.
          </p>
        </div>
      </section>
      <div className="container products-layout">
        <nav aria-label="Categories" className="category-menu">
          <h2 className="category-menu-title">Categories</h2>
          <ul>
            <li>
              <Link
                to={href({ name })}
                aria-current={category === null && !unknownCategory ? "page" : undefined}
              >
                All Services
              </Link>
            </li>
            {PRODUCT_CATEGORIES.map((c) => (
              <li key={c}>
                <Link
                  to={href({ category: c, name })}
                  aria-current={category === c ? "page" : undefined}
                >
                  {c}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="results-title" className="products-results">
          <h2 id="results-title" className="results-summary" aria-live="polite">
            {name ? (
              <>
                {total} {total === 1 ? "item" : "items"} matching “{name}”
                {category ? ` in ${category}` : ""}
              </>
            ) : (
              <>
                {total} {total === 1 ? "item" : "items"}
              </>
            )}
          </h2>
          {products.length === 0 ? (
            <div className="empty-state" data-testid="empty-state">
              <p>
                {unknownCategory
                  ? "We don't have a category by that name."
                  : page > 1 && total > 0
                    ? "There are no more items on this page."
                    : name
                      ? `We couldn't find an item called “${name}”. Try a shorter word, or send us a photo and we'll quote for it.`
                      : "There are no items in this category yet."}
              </p>
              <p className="empty-actions">
                <Link to="/products" className="button">
                  See all items
                </Link>
                <Link to="/quote" className="button button-light">
                  Get a quote from a photo
                </Link>
              </p>
            </div>
          ) : (
            <div className="product-grid">
              {products.map((product, index) => (
                <ProductCard key={product.id} product={product} eager={index < 2} />
              ))}
            </div>
          )}
          <ShopPager
            page={page}
            pageCount={pageCount}
            hrefFor={(n) => href({ category, name, page: n })}
          />
        </section>
      </div>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  {
    title: `${data?.category ?? "All removal services"} — prices and booking | ${brandIn(matches)}`,
  },
  {
    name: "description",
    content:
      "Fixed prices for collecting and recycling sofas, fridges, garden waste, office furniture and more.",
  },
];

export { ErrorBoundary } from "~/components/error-boundary";
