import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { FlashNotice } from "~/components/flash-notice";
import { ProductImage } from "~/components/product-image";
import { StaffPager } from "~/components/staff-paging";
import { formatLoadYards } from "~/lib/capacity";
import { formatPence } from "~/lib/format";
import { listStaffProducts } from "~/models/catalogue/product.server";
import { requireStaff } from "~/models/staff/staff-auth.server";
import { readFlash } from "~/services/flash.server";
import { titled } from "~/lib/page-title";

/**
 * Staff products: a grid of what is on sale, 10 a page, newest first. Create
 * (/dashboard/products/new) and Edit/Delete (/dashboard/products/{id}) are
 * child routes that render as modals over this grid.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const q = new URL(request.url).searchParams;
  // What the last change said (added, saved, deleted), carried across its redirect.
  const flash = await readFlash(request, "products");
  return data(
    { ...(await listStaffProducts(q.get("page"))), done: flash.flash },
    { headers: flash.headers },
  );
}

export default function Products() {
  const { products, total, page, pageCount, done } = useLoaderData<typeof loader>();
  const keep = page > 1 ? `?page=${page}` : "";
  return (
    <section aria-labelledby="products-title">
      <div className="staff-home-head">
        <h1 id="products-title">Products</h1>
        <Link to={`/dashboard/products/new${keep}`} className="button" preventScrollReset>
          Create Product
        </Link>
      </div>
      <p className="products-csv">
        <a href="/dashboard/products/export.csv" download>
          Download the catalogue (CSV)
        </a>{" "}
        · <Link to="/dashboard/products/import">Import a CSV file</Link>
      </p>
      <FlashNotice flash={done} testId="products-done" />
      <p className="field-hint" aria-live="polite">
        {total} {total === 1 ? "product" : "products"} on sale
      </p>
      {products.length === 0 ? (
        <p className="empty-state">No products yet. Create the first one.</p>
      ) : (
        <ul className="staff-products">
          {products.map((p, i) => (
            <li key={p.id} className="staff-product" data-testid="staff-product">
              <ProductImage
                image={p.image}
                sizes="(min-width: 1000px) 200px, (min-width: 700px) 30vw, 45vw"
                eager={i < 4}
                className="staff-product-image"
              />
              <div className="staff-product-body">
                <h2 className="staff-product-name">{p.name}</h2>
                <p className="staff-product-category">{p.category}</p>
                <p className="staff-product-waste" data-testid="staff-product-waste">
                  {p.waste.lowCode
                    ? `LoW ${p.waste.lowCode}${p.waste.pops ? " · POPs" : ""}`
                    : "No waste class yet"}
                </p>
                <p className="staff-product-load" data-testid="staff-product-load">
                  {formatLoadYards(p.loadHundredths)} yd³ · {p.handlingMinutes} min
                </p>
                <p className="staff-product-price">{formatPence(p.pricePence)}</p>
                <ul className="staff-product-extras" aria-label="Added for each position">
                  <li>Inside, dismantle +{formatPence(p.insideDismantlePence)}</li>
                  <li>Inside +{formatPence(p.insideNoDismantlePence)}</li>
                  <li>Outside +{formatPence(p.outsidePence)}</li>
                </ul>
              </div>
              <Link
                to={`/dashboard/products/${p.id}${keep}`}
                className="button button-light staff-product-edit"
                aria-label={`Edit ${p.name}`}
                preventScrollReset
              >
                Edit
              </Link>
            </li>
          ))}
        </ul>
      )}
      <StaffPager page={page} pages={pageCount} hrefFor={(n) => `?page=${n}`} />
      <Outlet />
    </section>
  );
}

export const meta = titled("Products", "dashboard");
