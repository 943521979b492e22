import { Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { overlayHref } from "~/lib/overlays";
import { BagIcon, MenuIcon } from "./icons";
import { SearchBox } from "./search-box";

const NAV = [
  { to: "/", label: "Home" },
  { to: "/products", label: "Products" },
  { to: "/quote", label: "Get a quote" },
  { to: "/blog", label: "Blog" },
] as const;

function NavLinks() {
  const location = useLocation();
  return (
    <ul className="nav-list">
      {NAV.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end prefetch="intent">
            {item.label}
          </NavLink>
        </li>
      ))}
      <li>
        <Link to={overlayHref(location, "faq", "open")} preventScrollReset>
          FAQ
        </Link>
      </li>
    </ul>
  );
}

export function SiteHeader({
  bagCount,
  businessName,
  logoUrl,
}: {
  bagCount: number;
  businessName: string;
  /** the business's logo (Settings), or "" for the van */
  logoUrl: string;
}) {
  const location = useLocation();
  // A search or a link in the phone menu leads to another page: the menu closes behind it, as it
  // does without JavaScript, where every page starts with it closed.
  const mobileMenu = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (mobileMenu.current) mobileMenu.current.open = false;
  }, [location.pathname, location.search]);
  return (
    <header className="site-header">
      <div className="container header-row">
        <Link
          to="/"
          className={logoUrl ? "brand brand-with-logo" : "brand"}
          aria-label={`${businessName} home`}
        >
          {logoUrl ? (
            <img src={logoUrl} height="36" className="brand-logo" alt="" />
          ) : (
            <img src="/favicon.svg" width="36" height="36" alt="" />
          )}
          <span>{businessName}</span>
        </Link>
        <nav aria-label="Main" className="nav-desktop">
          <NavLinks />
        </nav>
        <div className="search-desktop">
          <SearchBox id="search-desktop" />
        </div>
        <Link
          to={overlayHref(location, "bag", "open")}
          preventScrollReset
          className="bag-link"
          aria-label={`Your bag, ${bagCount} ${bagCount === 1 ? "item" : "items"}`}
        >
          <BagIcon />
          <span className="bag-badge" data-testid="bag-count" aria-hidden="true">
            {bagCount}
          </span>
        </Link>
        {/* <details> opens and closes without JavaScript. */}
        <details className="nav-mobile" ref={mobileMenu}>
          <summary aria-label="Menu">
            <MenuIcon />
          </summary>
          <nav aria-label="Main" className="nav-mobile-panel">
            <SearchBox id="search-mobile" />
            <NavLinks />
          </nav>
        </details>
      </div>
    </header>
  );
}
