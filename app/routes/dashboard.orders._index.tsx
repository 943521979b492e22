import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { paymentMethodLabel } from "~/lib/domain";
import { formatDay, formatPence } from "~/lib/format";
import { PageSizeField, StaffPager } from "~/components/staff-paging";
import { searchOrders } from "~/models/order.server";
import { requireStaff } from "~/models/staff-auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const q = new URL(request.url).searchParams;
  const search = {
    name: q.get("name") ?? "",
    product_name: q.get("product_name") ?? "",
    email: q.get("email") ?? "",
    order_id: q.get("order_id") ?? "",
    status: q.get("status") ?? "",
    limit: q.get("limit") ?? "25",
  };
  const result = await searchOrders({
    name: search.name,
    productName: search.product_name,
    email: search.email,
    orderId: search.order_id,
    status: search.status,
    limit: Number(search.limit),
    page: Number(q.get("page")),
  });
  return { search, ...result };
}

export default function Orders() {
  const { search, orders, total, page, limit } = useLoaderData<typeof loader>();
  const pages = Math.max(1, Math.ceil(total / limit));
  const query = (extra: Record<string, string>) =>
    `?${new URLSearchParams({ ...search, ...extra })}`;
  return (
    <section aria-labelledby="orders-title">
      <div className="staff-home-head">
        <h1 id="orders-title">Orders</h1>
        <a href={`/dashboard/orders/export${query({})}`} className="button button-light" download>
          Export CSV
        </a>
      </div>
      <Form method="get" className="staff-search">
        {(
          [
            ["name", "Name"],
            ["product_name", "Product"],
            ["email", "Email"],
            ["order_id", "Order id"],
          ] as const
        ).map(([name, label]) => (
          <div className="field" key={name}>
            <label htmlFor={`o-${name}`}>{label}</label>
            <input id={`o-${name}`} name={name} defaultValue={search[name]} />
          </div>
        ))}
        <div className="field">
          <label htmlFor="o-status">Payment</label>
          <select id="o-status" name="status" defaultValue={search.status}>
            <option value="">Any</option>
            <option value="pending">Pending</option>
            <option value="complete">Complete</option>
          </select>
        </div>
        <PageSizeField id="o-limit" defaultValue={search.limit} />
        <button type="submit" className="button">
          Search
        </button>
      </Form>
      <p className="field-hint" aria-live="polite">
        {total} {total === 1 ? "order" : "orders"}
      </p>
      {orders.length === 0 ? (
        <p className="empty-state">No orders match this search.</p>
      ) : (
        <div className="table-scroll">
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Ordered</th>
                <th scope="col">Collection</th>
                <th scope="col">Payment</th>
                <th scope="col">Job</th>
                <th scope="col">Customer</th>
                <th scope="col">Items</th>
                <th scope="col">Total</th>
                <th scope="col">Method</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((o) => (
                <tr key={o.id} data-testid="order-row">
                  <td>
                    <Link to={`/dashboard/orders/${o.id}`}>#{o.id}</Link>
                  </td>
                  <td>{formatDay(o.createdAt)}</td>
                  <td>{o.collectionDate}</td>
                  <td>{o.status}</td>
                  <td>{o.bookingStatus}</td>
                  <td>{o.billing.full_name}</td>
                  <td>
                    {o.items.length
                      ? o.items.map((i) => `${i.quantity} × ${i.productName}`).join(", ")
                      : "—"}
                  </td>
                  <td>{formatPence(o.totalPence)}</td>
                  <td>{paymentMethodLabel(o.paymentMethod)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <StaffPager page={page} pages={pages} hrefFor={(n) => query({ page: String(n) })} />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Orders — Haulbook dashboard" }];
