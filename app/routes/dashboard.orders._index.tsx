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
import { formatDay, formatPence, formatShortDate } from "~/lib/format";
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
  ]);
  const result = await searchOrders(orderSearchFrom(q));
  return { search, ...result };
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
    cell: (o) =>
      o.cancelledAt
        ? "Cancelled"
        : o.bookingStatus === "complete"
          ? "Done"
          : o.paymentMethod === "card" && o.status !== "complete"
            ? "Not booked: card not paid"
            : "Booked",
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
  const { search, orders, total, page, limit } = useLoaderData<typeof loader>();
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
      <StaffList
        fields={
          <>
            <SearchBoxFields idPrefix="o" search={search} days="Collection" />
            {TEXT_FIELDS.map(([name, label]) => (
              <div className="field" key={name}>
                <label htmlFor={`o-${name}`}>{label}</label>
                <input id={`o-${name}`} name={name} defaultValue={search[name]} />
              </div>
            ))}
            <AnyOfField
              id="o-status"
              name="status"
              label="Status"
              defaultValue={search.status}
              choices={STATUSES}
            />
          </>
        }
        limitId="o-limit"
        {...searchPaging(search, { total, page, limit })}
        noun={["order", "orders"]}
        empty="No orders match this search."
        columns={COLUMNS}
        rows={orders}
        rowKey={(o) => o.id}
        rowTestId="order-row"
      />
    </section>
  );
}

export const meta = titled("Orders", "dashboard");
