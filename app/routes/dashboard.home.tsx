import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { countOrders } from "~/models/order.server";
import { countProducts } from "~/models/product.server";
import { countQuotes } from "~/models/quote.server";
import { requireStaff } from "~/services/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const [order, products, quotes] = await Promise.all([countOrders(), countProducts(), countQuotes()]);
  return { counts: { order, products, quotes } };
}

export default function DashboardHome() {
  const { counts } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="home-title">
      <h1 id="home-title">Home</h1>
      <dl className="count-cards">
        <div>
          <dt>Orders</dt>
          <dd data-testid="count-orders">{counts.order}</dd>
        </div>
        <div>
          <dt>Products</dt>
          <dd data-testid="count-products">{counts.products}</dd>
        </div>
        <div>
          <dt>Quotes</dt>
          <dd data-testid="count-quotes">{counts.quotes}</dd>
        </div>
      </dl>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Home — Haulbook dashboard" }];
