import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { ProductImage } from "~/components/product-image";
import { useVatWording } from "~/components/use-vat-wording";
import { clampQuantity, MAX_QUANTITY } from "~/lib/cart";
import { categoryHref } from "~/lib/categories";
import { formatPence } from "~/lib/format";
import { requireId } from "~/lib/ids";
import {
  isPosition,
  POSITION_LABELS,
  POSITIONS,
  surchargePence,
  unitPricePence,
  type Position,
} from "~/lib/positions";
import { skipRevalidationForOverlays } from "~/lib/overlays";
import { addToBag } from "~/models/checkout/cart.server";
import { getProduct, productView } from "~/models/catalogue/product.server";
import { readCart, writeCart } from "~/services/cart-cookie.server";
import { routeStylesheets } from "~/lib/stylesheets";
import productStyles from "~/styles/products.css";
import { sharedPageHeaders } from "~/lib/headers";
import { brandIn } from "~/lib/page-title";

/** The same page for every visitor without a bag or a session: kept and shared by the server. */
export const headers = sharedPageHeaders;

const styles = routeStylesheets(productStyles);
export const links = styles.links;
export const handle = styles.handle;

async function requireProduct(param: string | undefined) {
  const product = await getProduct(requireId(param, "Product not found"));
  if (!product) throw new Response("Product not found", { status: 404 });
  return product;
}

export async function loader({ params }: LoaderFunctionArgs) {
  return { product: productView(await requireProduct(params.id)) };
}

export const shouldRevalidate = skipRevalidationForOverlays;

export async function action({ request, params }: ActionFunctionArgs) {
  const product = await requireProduct(params.id);
  const form = await request.formData();
  const position = String(form.get("position") ?? "");
  const quantity = clampQuantity(form.get("quantity"));
  const result = await addToBag(await readCart(request), { id: product.id, position, quantity });
  if (!result.ok) {
    return Response.json({ error: result.message, position, quantity }, { status: 400 });
  }
  return redirect(`/product/${product.id}?bag=open`, {
    status: 303,
    headers: { "Set-Cookie": await writeCart(result.lines) },
  });
}

export default function ProductPage() {
  const { product } = useLoaderData<typeof loader>();
  const { afterPrice } = useVatWording();
  const failed = useActionData<{ error: string; position: string; quantity: number }>();
  const navigation = useNavigation();
  const [position, setPosition] = useState<Position | undefined>(
    isPosition(failed?.position) ? failed.position : undefined,
  );
  const [quantity, setQuantity] = useState(failed?.quantity ?? 1);
  const submitting = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const unit = position ? unitPricePence(product, position) : undefined;
  const optionsRef = useRef<HTMLFieldSetElement>(null);
  // When the server refuses (no option chosen), bring the options and their message into view.
  useEffect(() => {
    if (!failed) return;
    optionsRef.current?.scrollIntoView({ block: "center" });
    optionsRef.current?.querySelector("input")?.focus({ preventScroll: true });
  }, [failed]);

  return (
    <div className="container product-page">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/products">All items</Link> <span aria-hidden="true">›</span>{" "}
        <Link to={categoryHref(product.category)}>{product.category}</Link>
      </nav>
      <div className="product-detail">
        <ProductImage
          image={product.image}
          sizes="(min-width: 900px) 520px, 100vw"
          alt={product.name}
          eager
          className="product-detail-image"
        />
        <div className="product-detail-text">
          <h1>{product.name}</h1>
          <p className="product-detail-price">
            From <strong>{formatPence(product.pricePence)}</strong>
            {afterPrice ? <span>{afterPrice}</span> : null}
          </p>
          <h2 className="product-subheading">Information</h2>
          <p>{product.description}</p>

          <Form method="post" className="add-form" noValidate>
            <fieldset
              ref={optionsRef}
              className="position-options"
              aria-describedby={`position-note${failed?.error ? " position-error" : ""}`}
              aria-invalid={failed?.error ? true : undefined}
            >
              <legend>Where will it be on the day?</legend>
              <p id="position-note" className="field-hint">
                Our crew carries items down from any floor. Choosing “Outside” means you leave it
                out for us, so we can collect at any time.
              </p>
              {POSITIONS.map((p) => {
                const extra = surchargePence(product, p);
                return (
                  <label key={p} className="position-option">
                    <input
                      type="radio"
                      name="position"
                      value={p}
                      checked={position === p}
                      onChange={() => setPosition(p)}
                    />
                    <span className="position-label">{POSITION_LABELS[p]}</span>
                    <span className="position-price">
                      {extra > 0 ? `+ ${formatPence(extra)}` : "no extra charge"} ·{" "}
                      <strong>{formatPence(unitPricePence(product, p))}</strong>
                    </span>
                  </label>
                );
              })}
              <p id="position-error" className="field-error" role="alert">
                {failed?.error && !position ? failed.error : ""}
              </p>
            </fieldset>

            <div className="field quantity-field">
              <label htmlFor="quantity">Quantity</label>
              <input
                id="quantity"
                name="quantity"
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_QUANTITY}
                value={quantity}
                onChange={(e) => setQuantity(clampQuantity(e.target.value))}
                required
              />
            </div>

            <dl className="price-breakdown" aria-live="polite">
              <div>
                <dt>Base price</dt>
                <dd>{formatPence(product.pricePence)}</dd>
              </div>
              <div>
                <dt>Position add-on</dt>
                <dd>
                  {position ? formatPence(surchargePence(product, position)) : "choose an option"}
                </dd>
              </div>
              <div>
                <dt>Unit price</dt>
                <dd>{unit !== undefined ? formatPence(unit) : "—"}</dd>
              </div>
              <div className="price-total">
                <dt>Total for {quantity}</dt>
                <dd data-testid="product-total">
                  {unit !== undefined ? formatPence(unit * quantity) : "—"}
                </dd>
              </div>
            </dl>

            <button type="submit" className="button button-large add-button" disabled={submitting}>
              {submitting ? "Adding..." : "Add To Cart"}
            </button>
          </Form>
        </div>
      </div>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? [
        {
          title: `${data.product.name} removal from £${(data.product.pricePence / 100).toFixed(2)} | ${brandIn(matches)}`,
        },
        { name: "description", content: data.product.description },
      ]
    : [{ title: `Product not found | ${brandIn(matches)}` }];

export { ErrorBoundary } from "~/components/error-boundary";
