import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { BlogCard } from "~/components/blog-card";
import { HomeSection } from "~/components/home-section";
import { ItemPicker } from "~/components/item-picker";
import { ArrowRightIcon, GridIcon, PointIcon, StarIcon } from "~/components/icons";
import { socialBlurb } from "~/content/social";
import { scenes } from "~/content/scenes";
import { serviceDrawingUrl } from "~/lib/site-content";
import { useVatWording } from "~/components/use-vat-wording";
import { CATEGORY_TILES, categoryHref } from "~/lib/categories";
import { skipRevalidationForOverlays } from "~/lib/overlays";
import { listBlogCards } from "~/models/shop/blog.server";
import { heroWords, listAllContent, socialHashtag } from "~/models/shop/site-content.server";
import { getProductsByNames, productView } from "~/models/catalogue/product.server";
import { splashAlreadySeen, splashCookie } from "~/services/splash-cookie.server";
import { routeStylesheets } from "~/lib/stylesheets";
import blogStyles from "~/styles/blog.css";
import homeStyles from "~/styles/home.css";
import { sharedPageHeaders } from "~/lib/headers";
import { brandIn } from "~/lib/page-title";
import type { loader as siteLoader } from "./_site";

/** The same page for every visitor without a bag or a session: kept and shared by the server. */
export const headers = sharedPageHeaders;

const styles = routeStylesheets(homeStyles, blogStyles);
export const links = styles.links;
export const handle = styles.handle;

export async function loader({ request }: LoaderFunctionArgs) {
  const showSplash = !(await splashAlreadySeen(request));
  const [sceneProducts, content, hero, hashtag, blogCards] = await Promise.all([
    getProductsByNames(scenes.flatMap((s) => s.items.map((i) => i.productName))),
    listAllContent(),
    heroWords(),
    socialHashtag(),
    listBlogCards(4),
  ]);
  return data(
    {
      showSplash,
      // The FAQ's questions open from the header (the layout's loader): not sent with this page.
      content: {
        claim: content.claim,
        testimonial: content.testimonial,
        reason: content.reason,
        service: content.service,
        step: content.step,
      },
      hero,
      hashtag,
      sceneProducts: Object.fromEntries(
        [...sceneProducts].map(([name, product]) => [name, productView(product)]),
      ),
      blogCards,
    },
    { headers: showSplash ? { "Set-Cookie": await splashCookie.serialize(true) } : undefined },
  );
}

export const shouldRevalidate = skipRevalidationForOverlays;

/** CSS-only: content is rendered underneath and the splash fades within 1.5 s, never blocking input. */
function Splash({ name }: { name: string }) {
  return (
    <div className="splash" aria-hidden="true">
      <img src="/favicon.svg" width="72" height="72" alt="" />
      <span>{name}</span>
    </div>
  );
}

const NUMBER_WORDS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];

/** "four steps", "one step", "12 steps": the how-it-works heading for however many there are. */
function stepsInWords(count: number): string {
  return `${NUMBER_WORDS[count - 1] ?? count} ${count === 1 ? "step" : "steps"}`;
}

export default function Home() {
  const { showSplash, sceneProducts, blogCards, content, hero, hashtag } =
    useLoaderData<typeof loader>();
  const {
    claim: claims,
    testimonial: testimonials,
    reason: reasons,
    service: services,
    step: steps,
  } = content;
  const site = useRouteLoaderData<typeof siteLoader>("routes/_site");
  const areaInWords = site?.business.areaInWords ?? "";
  const { pricesNote } = useVatWording();
  return (
    <>
      {showSplash ? <Splash name={site?.business.name ?? ""} /> : null}
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero-inner">
          <div className="hero-copy">
            <p className="eyebrow">
              Licensed waste carrier{areaInWords ? ` · ${areaInWords}` : ""}
            </p>
            <h1 id="hero-title">{hero.headline}</h1>
            <p className="hero-lead">{hero.lead}</p>
            <div className="hero-actions">
              <Link to="/quote" className="button button-large">
                Request Quote
              </Link>
              <Link to="/products" className="button button-large button-light">
                Browse items and prices
              </Link>
            </div>
            <form method="get" action="/coverage" className="coverage-check" role="search">
              <label htmlFor="coverage-postcode">Do we cover your postcode?</label>
              <div className="coverage-check-row">
                <input
                  id="coverage-postcode"
                  name="postcode"
                  autoComplete="postal-code"
                  autoCapitalize="characters"
                  maxLength={16}
                  placeholder="e.g. SE1 7PB"
                  required
                />
                <button type="submit" className="button">
                  Check
                </button>
              </div>
            </form>
            {/* The business's own first three reasons (Content): none is promised here otherwise. */}
            {reasons.length > 0 ? (
              <ul className="hero-points">
                {reasons.slice(0, 3).map((reason) => (
                  <li key={reason.id}>
                    <PointIcon name={reason.icon} />
                    {reason.title}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
          {/* Only the business's own figures: none is shown rather than an empty box. */}
          {claims.length > 0 ? (
            <dl className="hero-claims">
              {claims.map((claim) => (
                <div key={claim.id}>
                  <dt>{claim.body}</dt>
                  <dd>{claim.title}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </div>
      </section>

      <HomeSection name="categories" title="What do you need removed?">
        <p className="section-lead">
          Choose a category to see items and their fixed prices.{pricesNote ? ` ${pricesNote}` : ""}
        </p>
        <ul className="category-grid" data-testid="category-tiles">
          {CATEGORY_TILES.map((tile) => (
            <li key={tile.title}>
              <Link to={categoryHref(tile.title)} className="category-tile" prefetch="intent">
                {tile.title === "All Services" ? (
                  <span className="category-art category-art-all">
                    <GridIcon width={56} height={56} />
                  </span>
                ) : (
                  <img
                    className="category-art"
                    src={tile.illustration}
                    width="320"
                    height="240"
                    alt=""
                    loading="lazy"
                  />
                )}
                <span className="category-title">{tile.title}</span>
                <ArrowRightIcon className="category-arrow" />
              </Link>
            </li>
          ))}
        </ul>
      </HomeSection>

      <ItemPicker scenes={scenes} products={sceneProducts} />

      {reasons.length > 0 ? (
        <section className="section section-cream" aria-labelledby="why-title">
          <div className="container why-layout">
            <div>
              <p className="eyebrow">Why choose us</p>
              <h2 id="why-title">Why households and businesses book us</h2>
              <p className="section-lead">Tap a reason to read more.</p>
            </div>
            <div className="why-list">
              {reasons.map((reason) => (
                <details key={reason.id} className="why-item">
                  <summary>
                    <PointIcon name={reason.icon} className="why-icon" />
                    <span>{reason.title}</span>
                  </summary>
                  <p>{reason.body}</p>
                </details>
              ))}
            </div>
          </div>
        </section>
      ) : null}

      {services.length > 0 ? (
        <HomeSection
          name="services"
          eyebrow="Services"
          title="Everything from one armchair to a full clear-out"
        >
          <ul className="service-grid">
            {services.map((service) => (
              <li key={service.id} className="service-tile">
                <img
                  src={serviceDrawingUrl(service.icon)}
                  width="320"
                  height="240"
                  alt=""
                  loading="lazy"
                  decoding="async"
                />
                <h3>{service.title}</h3>
                {service.body ? <p>{service.body}</p> : null}
              </li>
            ))}
          </ul>
        </HomeSection>
      ) : null}

      {steps.length > 0 ? (
        <HomeSection
          name="how"
          className="section-cream"
          eyebrow="How it works"
          title={`Booked in ${stepsInWords(steps.length)}`}
        >
          <ol className="steps">
            {steps.map((step, i) => (
              <li key={step.id} className="step">
                <span className="step-number" aria-hidden="true">
                  {i + 1}
                </span>
                <h3>{step.title}</h3>
                <p>{step.body}</p>
              </li>
            ))}
          </ol>
        </HomeSection>
      ) : null}

      {testimonials.length > 0 ? (
        <HomeSection name="reviews" eyebrow="Reviews" title="What our customers say">
          <ul className="testimonials">
            {testimonials.map((t) => (
              <li key={t.id} className="testimonial">
                <p className="stars" role="img" aria-label={`${t.rating} out of 5 stars`}>
                  {Array.from({ length: t.rating ?? 0 }, (_, i) => (
                    <StarIcon key={i} width={18} height={18} />
                  ))}
                </p>
                <blockquote>
                  <p>{t.body}</p>
                </blockquote>
                <p className="testimonial-by">
                  <strong>{t.title}</strong>
                  {[t.place, t.service].some(Boolean)
                    ? `, ${[t.place, t.service].filter(Boolean).join(" · ")}`
                    : ""}
                </p>
              </li>
            ))}
          </ul>
        </HomeSection>
      ) : null}

      {blogCards.length > 0 ? (
        <section className="section section-cream" aria-labelledby="blog-title">
          <div className="container">
            <div className="section-heading-row">
              <div>
                <p className="eyebrow">From the blog</p>
                <h2 id="blog-title">Advice on clearing out and recycling</h2>
              </div>
              <Link to="/blog" className="button button-light">
                All articles
              </Link>
            </div>
            <div className="blog-grid">
              {blogCards.map((card) => (
                <BlogCard key={card.title} article={card} />
              ))}
            </div>
          </div>
        </section>
      ) : null}

      {hashtag ? (
        <section className="section social" aria-labelledby="social-title">
          <div className="container social-inner">
            <h2 id="social-title">{hashtag}</h2>
            <p>{socialBlurb}</p>
          </div>
        </section>
      ) : null}
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  { title: `${brandIn(matches)} — rubbish and junk removal, booked online` },
  {
    name: "description",
    content:
      "Sofas, fridges, garden waste, office clear-outs: choose your items, pick a collection date and pay online. Licensed waste carrier.",
  },
];
