import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  Outlet,
  useLocation,
  useRevalidator,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { BagDrawer } from "~/components/bag-drawer";
import { ContactOverlay } from "~/components/contact-overlay";
import { ErrorNotice } from "~/components/error-notice";
import { FaqOverlay } from "~/components/faq-overlay";
import { SiteFooter, type Business } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { todayInLondon } from "~/lib/london-clock.server";
import { overlayHref, skipRevalidationForOverlays } from "~/lib/overlays";
import { bagErrorMessage } from "~/lib/cart";
import { priceBag } from "~/models/checkout/cart.server";
import { readCart, writeCart } from "~/services/cart-cookie.server";
import { faqEntries } from "~/models/shop/site-content.server";
import { vatStatus } from "~/models/shop/settings.server";
import { useVatWording } from "~/components/use-vat-wording";
import { businessProfile } from "~/models/shop/business-profile.server";
import { legalLine } from "~/lib/business-profile";

/** What the header, footer and the terms and privacy pages show of the business. */
function shownBusiness(): Business {
  const profile = businessProfile();
  const { name, phone, email, address, wasteCarrierLicence, openingHours, areaInWords } = profile;
  return {
    name,
    phone,
    email,
    address,
    wasteCarrierLicence,
    openingHours,
    areaInWords,
    legal: legalLine(profile),
    logoUrl: profile.logoImageId ? `/api/products/image/${profile.logoImageId}.png` : "",
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const bag = await priceBag(await readCart(request));
  // A product left the shop since it was added: clean the cookie, and say so.
  const headers = bag.dropped > 0 ? { "Set-Cookie": await writeCart(bag.kept) } : undefined;
  const vat = await vatStatus();
  return data(
    {
      bag: {
        lines: bag.lines,
        subtotalPence: bag.subtotalPence,
        count: bag.count,
        dropped: bag.dropped,
      },
      business: shownBusiness(),
      year: Number(todayInLondon().slice(0, 4)),
      vat,
      faq: new URL(request.url).searchParams.get("faq") === "open" ? await faqEntries(vat) : null,
    },
    { headers },
  );
}

// The FAQ's answers come from this loader, so opening it loads them; every
// other overlay needs no new data.
export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
  (args.nextUrl.searchParams.get("faq") === "open" &&
    args.currentUrl.searchParams.get("faq") !== "open") ||
  skipRevalidationForOverlays(args);

/** Other open tabs refresh their badge and drawer when this tab's bag changes. */
function useBagSync(signature: string) {
  const revalidator = useRevalidator();
  const latest = useRef(signature);
  latest.current = signature;
  const channel = useRef<BroadcastChannel | null>(null);
  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const bc = new BroadcastChannel("haulbook-bag");
    channel.current = bc;
    bc.onmessage = (event: MessageEvent<string>) => {
      if (event.data !== latest.current) revalidator.revalidate();
    };
    return () => bc.close();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    channel.current?.postMessage(signature);
  }, [signature]);
}

function Shell({ children }: { children: ReactNode }) {
  const site = useRouteLoaderData<typeof loader>("routes/_site");
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const business = site?.business;
  const { pricesNote } = useVatWording();
  const bag = site?.bag ?? { lines: [], subtotalPence: 0, count: 0, dropped: 0 };
  useBagSync(bag.lines.map((l) => `${l.id}:${l.position}:${l.quantity}`).join(","));
  const returnTo = overlayHref(location, "bag", null);
  const bagError =
    bagErrorMessage(params.get("bag_error")) ??
    (bag.dropped > 0
      ? "Some items in your bag are no longer available and were removed."
      : undefined);
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SiteHeader
        bagCount={bag.count}
        businessName={business?.name ?? ""}
        logoUrl={business?.logoUrl ?? ""}
      />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      {business ? (
        <SiteFooter business={business} year={site.year} pricesNote={pricesNote} />
      ) : null}
      {params.get("bag") === "open" ? (
        <BagDrawer
          bag={bag}
          closeTo={returnTo}
          returnTo={returnTo}
          error={bagError}
          pricesNote={pricesNote}
        />
      ) : null}
      {params.get("faq") === "open" && site?.faq ? (
        <FaqOverlay closeTo={overlayHref(location, "faq", null)} faq={site.faq} />
      ) : null}
      {business && (params.get("contact") === "open" || params.get("contact") === "sent") ? (
        <ContactOverlay
          sent={params.get("contact") === "sent"}
          phone={business.phone}
          closeTo={overlayHref(location, "contact", null)}
        />
      ) : null}
    </>
  );
}

export default function SiteLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

/** 404s and errors of public pages render inside the layout, with the header and footer. */
export function ErrorBoundary() {
  return (
    <Shell>
      <ErrorNotice />
    </Shell>
  );
}
