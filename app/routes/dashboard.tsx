import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, NavLink, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { ErrorNotice } from "~/components/error-notice";
import {
  CalendarIcon,
  GridIcon,
  MailIcon,
  MenuIcon,
  PinIcon,
  SearchIcon,
  SlidersIcon,
} from "~/components/icons";
import { Overlay } from "~/components/overlay";
import { formatLongDate } from "~/lib/format";
import { SEARCH_MAX } from "~/lib/staff-search";
import { canReach, reachOf } from "~/lib/staff-roles";
import { todayInLondon } from "~/lib/london-clock.server";
import { overlayHref, skipRevalidationForOverlays } from "~/lib/overlays";
import { countBookingsOn } from "~/models/checkout/order.server";
import { countNewMessages } from "~/models/messages/inbox.server";
import { renewedSessionHeaders, requireStaffSession } from "~/models/staff/staff-auth.server";
import staffStyles from "~/styles/staff.css";
import { titleFor } from "~/lib/page-title";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: staffStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  // The leaf route checks what this member's role may open; the layout only who they are.
  const current = await requireStaffSession(request, "page", { anyReach: true });
  const role = current.session.user.role;
  const today = todayInLondon();
  // Each dashboard visit renews the cookies for 12 hours (never past the session's 7-day lifetime).
  return data(
    {
      // the member's name as their documents print it (their username until they have one)
      staffName: current.session.user.name,
      role,
      // the menu's pages this role may open, and whether it may search bookings and quotes
      menu: MENU.filter((item) => canReach(role, reachOf(menuPath(item.title)))).map(
        (item) => item.title,
      ),
      searches: canReach(role, "office"),
      today,
      todayLabel: formatLongDate(today),
      bookingsToday: await countBookingsOn(today),
      newMessages: await countNewMessages(),
    },
    { headers: await renewedSessionHeaders(current) },
  );
}

export const shouldRevalidate = skipRevalidationForOverlays;

const MENU = [
  { title: "Orders", icon: <GridIcon /> },
  { title: "Products", icon: <GridIcon /> },
  { title: "Quotes", icon: <MailIcon /> },
  { title: "Home", icon: <CalendarIcon /> },
  { title: "Search", icon: <SearchIcon /> },
  { title: "Inbox", icon: <MailIcon /> },
  { title: "Takings", icon: <GridIcon /> },
  { title: "Calendar feed", icon: <CalendarIcon /> },
  { title: "Today", icon: <PinIcon /> },
  { title: "Transfers", icon: <GridIcon /> },
  { title: "Tip runs", icon: <PinIcon /> },
  { title: "Tip sites", icon: <PinIcon /> },
  { title: "Fleet", icon: <SlidersIcon /> },
  { title: "Content", icon: <MailIcon /> },
  { title: "Staff", icon: <SlidersIcon /> },
  { title: "Settings", icon: <SlidersIcon /> },
] as const;

const menuPath = (title: string) => `/dashboard/${title.toLowerCase().replaceAll(" ", "-")}`;

function MenuLinks({ newMessages, shown }: { newMessages: number; shown: readonly string[] }) {
  return (
    <ul className="staff-menu">
      {MENU.filter((item) => shown.includes(item.title)).map((item) => (
        <li key={item.title}>
          <NavLink to={menuPath(item.title)}>
            {item.icon}
            <span>{item.title}</span>
            {item.title === "Inbox" && newMessages > 0 ? (
              <span className="menu-count" aria-label={`${newMessages} new`}>
                {newMessages}
              </span>
            ) : null}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export default function Dashboard() {
  const { staffName, todayLabel, bookingsToday, newMessages, menu, searches } =
    useLoaderData<typeof loader>();
  const location = useLocation();
  const menuOpen = new URLSearchParams(location.search).get("menu") === "open";
  return (
    <div className="staff">
      <header className="staff-header">
        <Link
          to={overlayHref(location, "menu", "open")}
          className="staff-burger"
          aria-label="Open menu"
          preventScrollReset
        >
          <MenuIcon />
        </Link>
        <div className="staff-today">
          <p className="staff-date">{todayLabel}</p>
          <p className="staff-total" data-testid="bookings-today">
            Total Bookings For: {bookingsToday}
          </p>
        </div>
        {searches ? (
          <Form
            method="get"
            action="/dashboard/search"
            className="staff-header-search"
            role="search"
          >
            <label htmlFor="header-q" className="visually-hidden">
              Find a booking or quote
            </label>
            <input
              id="header-q"
              name="q"
              type="search"
              placeholder="HB12, name, phone, postcode"
              maxLength={SEARCH_MAX}
            />
            <button type="submit" className="button button-light">
              Find
            </button>
          </Form>
        ) : null}
        <Form method="post" action="/logout" className="staff-signout">
          <span className="staff-user">{staffName}</span>
          <button type="submit" className="button button-light">
            Sign out
          </button>
        </Form>
      </header>
      {menuOpen ? (
        <Overlay
          title="Menu"
          closeTo={overlayHref(location, "menu", null)}
          variant="drawer"
          exitMs={300}
        >
          <MenuLinks newMessages={newMessages} shown={menu} />
        </Overlay>
      ) : null}
      <main id="main" className="staff-main">
        <Outlet />
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <main className="staff-main">
      <ErrorNotice staff />
    </main>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  { title: titleFor(matches, "Dashboard") },
  { name: "robots", content: "noindex" },
];
