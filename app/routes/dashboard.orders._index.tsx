import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import {
  AnyOfField,
  SearchBoxFields,
  searchPaging,
  StaffList,
  type StaffListColumn,
} from "~/components/staff-list";
import { paymentMethodLabel, paymentStateText } from "~/lib/domain";
import { formatDateTime, formatDay, formatPence, formatShortDate } from "~/lib/format";
import { searchQuery, staffSearch } from "~/lib/paging";
import { orderSearchFrom, searchOrders, type OrderView } from "~/models/checkout/order.server";
import { requireStaff } from "~/models/staff/staff-auth.server";
import { titled } from "~/lib/page-title";
import { bookingReference } from "~/lib/references";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const q = new URL(request.url).searchParams;
  const search = staffSearch(q, [
    "q",
    "from",
    "to",
    "name",
    "product_name",
    "email",
    "order_id",
    "status",
    "kind",
  ]);
  const result = await searchOrders(orderSearchFrom(q));
  return { search, checkouts: search.kind === "checkouts", ...result };
}

const COLUMNS: StaffListColumn<OrderView>[] = [
  {
    header: "Order",
    cell: (o) => <Link to={`/dashboard/orders/${o.id}`}>{bookingReference(o.id)}</Link>,
  },
  { header: "Ordered", cell: (o) => formatDay(o.createdAt) },
  { header: "Collection", cell: (o) => formatShortDate(o.collectionDate) },
  { header: "Payment", cell: (o) => paymentStateText(o.paymentMethod, o.status) },
  {
    header: "Job",
    cell: (o) => (o.cancelledAt ? "Cancelled" : o.bookingStatus === "complete" ? "Done" : "Booked"),
  },
  { header: "Customer", cell: (o) => o.billing.full_name },
  {
    header: "Items",
    cell: (o) =>
      o.items.length ? o.items.map((i) => `${i.quantity} × ${i.productName}`).join(", ") : "—",
  },
  { header: "Total", cell: (o) => formatPence(o.totalPence) },
  { header: "Method", cell: (o) => paymentMethodLabel(o.paymentMethod) },
];

/** The web checkouts whose payment never arrived: when, who, what, and what became of it. */
const CHECKOUT_COLUMNS: StaffListColumn<OrderView>[] = [
  {
    header: "Checkout",
    cell: (o) => <Link to={`/dashboard/orders/${o.id}`}>{bookingReference(o.id)}</Link>,
  },
  { header: "Started", cell: (o) => formatDateTime(o.createdAt) },
  { header: "Day asked for", cell: (o) => formatShortDate(o.collectionDate) },
  { header: "What happened", cell: (o) => o.checkoutOutcome ?? "" },
  { header: "Customer", cell: (o) => `${o.billing.full_name}, ${o.billing.email}` },
  {
    header: "Items",
    cell: (o) =>
      o.items.length ? o.items.map((i) => `${i.quantity} × ${i.productName}`).join(", ") : "—",
  },
  { header: "Total", cell: (o) => formatPence(o.totalPence) },
];

const TEXT_FIELDS = [
  ["name", "Name"],
  ["product_name", "Product"],
  ["email", "Email"],
  ["order_id", "Reference"],
] as const;

const STATUSES = [
  ["pending", "Payment pending"],
  ["complete", "Payment complete"],
  ["cancelled", "Cancelled"],
] as const;

export default function Orders() {
  const { search, checkouts, orders, total, page, limit } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="orders-title">
      <div className="staff-home-head">
        <h1 id="orders-title">Orders</h1>
        <a
          href={`/dashboard/orders/export${searchQuery(search)}`}
          className="button button-light"
          download
        >
          Export CSV
        </a>
      </div>
      <nav className="inbox-tabs" aria-label="Orders or unfinished checkouts">
        <Link to="/dashboard/orders" aria-current={checkouts ? undefined : "page"}>
          Orders
        </Link>
        <Link to="/dashboard/orders?kind=checkouts" aria-current={checkouts ? "page" : undefined}>
          Unfinished checkouts
        </Link>
      </nav>
      {checkouts ? (
        <p className="field-hint">
          Web checkouts whose card payment never arrived: not orders, and holding no collection.
          Kept to see who nearly booked.
        </p>
      ) : null}
      <StaffList
        fields={
          <>
            {checkouts ? <input type="hidden" name="kind" value="checkouts" /> : null}
            <SearchBoxFields idPrefix="o" search={search} days="Collection" />
            {TEXT_FIELDS.map(([name, label]) => (
              <div className="field" key={name}>
                <label htmlFor={`o-${name}`}>{label}</label>
                <input id={`o-${name}`} name={name} defaultValue={search[name]} />
              </div>
            ))}
            {checkouts ? null : (
              <AnyOfField
                id="o-status"
                name="status"
                label="Status"
                defaultValue={search.status}
                choices={STATUSES}
              />
            )}
          </>
        }
        limitId="o-limit"
        {...searchPaging(search, { total, page, limit })}
        noun={checkouts ? ["unfinished checkout", "unfinished checkouts"] : ["order", "orders"]}
        empty={
          checkouts ? "No unfinished checkout matches this search." : "No orders match this search."
        }
        columns={checkouts ? CHECKOUT_COLUMNS : COLUMNS}
        rows={orders}
        rowKey={(o) => o.id}
        rowTestId="order-row"
      />
    </section>
  );
}

export const meta = titled("Orders", "dashboard");
