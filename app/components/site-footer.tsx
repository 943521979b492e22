import { Link, useLocation } from "@remix-run/react";
import { overlayHref } from "~/lib/overlays";
import { MailIcon, PhoneIcon, PinIcon, ShieldIcon } from "./icons";

export interface Business {
  name: string;
  phone: string;
  email: string;
  address: string;
  wasteCarrierLicence: string;
  /** the office's hours in words ("" to say nothing) */
  openingHours: string;
  /** the area served in words ("" to say nothing) */
  areaInWords: string;
  /** a company's legal line (lib/business-profile.ts legalLine; "" when not a company) */
  legal: string;
  /** the logo's address ("" for none: the header shows the van) */
  logoUrl: string;
}

export function SiteFooter({
  business,
  year,
  pricesNote,
}: {
  business: Business;
  year: number;
  /** what the prices include ("" when no VAT is charged: lib/vat.ts) */
  pricesNote: string;
}) {
  const tel = business.phone.replace(/[^0-9+]/g, "");
  const location = useLocation();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact us</h2>
          <ul className="contact-list">
            <li>
              <PhoneIcon />
              <a href={`tel:${tel}`}>{business.phone}</a>
            </li>
            <li>
              <MailIcon />
              <a href={`mailto:${business.email}`}>{business.email}</a>
            </li>
            <li>
              <PinIcon />
              <span>{business.address}</span>
            </li>
          </ul>
          {business.openingHours ? (
            <p className="footer-hours" data-testid="opening-hours">
              Office: {business.openingHours}
            </p>
          ) : null}
          <p className="footer-hours">Collections 7:00 to 22:00, seven days a week.</p>
          <Link
            to={overlayHref(location, "contact", "open")}
            className="button button-light"
            preventScrollReset
          >
            Send us a message
          </Link>
        </section>
        <section aria-labelledby="footer-licence">
          <h2 id="footer-licence">Licensed waste carrier</h2>
          <p className="licence">
            <ShieldIcon />
            <span>
              Waste carrier registration{" "}
              <strong data-testid="waste-carrier-licence">{business.wasteCarrierLicence}</strong>
            </span>
          </p>
          <p>
            Before you hand waste to anyone, check their registration on the{" "}
            <a href="https://environment.data.gov.uk/public-register" rel="noopener noreferrer">
              Environment Agency public register
            </a>
            . If waste you gave away is fly-tipped, the fine can fall on you.
          </p>
          <ul className="footer-links">
            <li>
              <Link to="/booking">Manage your booking</Link>
            </li>
            <li>
              <Link to="/products">All removal items</Link>
            </li>
            <li>
              <Link to="/quote">Request a quote</Link>
            </li>
            <li>
              <Link to="/terms">Booking terms</Link>
            </li>
            <li>
              <Link to="/privacy">Privacy and cookies</Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-area">
          <h2 id="footer-area">Where we are</h2>
          {business.areaInWords ? <p>We collect across {business.areaInWords}.</p> : null}
          <img
            className="footer-map"
            src="/illustrations/map.svg"
            width="360"
            height="220"
            loading="lazy"
            alt={`Map showing our yard at ${business.address}`}
          />
        </section>
      </div>
      <div className="container footer-bottom">
        <p>
          © {year} {business.name}.{pricesNote ? ` ${pricesNote}` : ""}
        </p>
        {business.legal ? <p data-testid="legal-line">{business.legal}</p> : null}
      </div>
    </footer>
  );
}
