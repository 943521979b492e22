import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import type { Scene } from "~/content/scenes";
import { clampQuantity, MAX_QUANTITY } from "~/lib/cart";
import { formatPence } from "~/lib/format";
import { overlayHref } from "~/lib/overlays";
import { unitPricePence, type PricedOptions } from "~/lib/positions";
import { Overlay } from "./overlay";
import { ProductImage, type ImageView } from "./product-image";

/** What the picker shows of a product, with the prices of its options. */
interface PickerProduct extends PricedOptions {
  id: number;
  name: string;
  description: string;
  image: ImageView;
}

/**
 * The home page's three-scene picker. Everything is in the URL
 * (?scene=office&item=12&qty=2), so it works the same with and without
 * JavaScript; with it, the links change the URL without a round trip.
 */
export function ItemPicker({
  scenes,
  products,
}: {
  scenes: readonly Scene[];
  products: Record<string, PickerProduct>;
}) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const scene = scenes.find((s) => s.key === params.get("scene")) ?? scenes[0];
  const itemId = Number(params.get("item"));
  const item = Object.values(products).find((p) => p.id === itemId);
  if (!scene) return null;
  const sceneHref = (key: string) => {
    const next = new URLSearchParams(location.search);
    next.set("scene", key);
    next.delete("item");
    next.delete("qty");
    return `${location.pathname}?${next}#picker`;
  };
  return (
    <section className="section picker" id="picker" aria-labelledby="picker-title">
      <div className="container">
        <p className="eyebrow">Item picker</p>
        <h2 id="picker-title">Tap an item to add it to your bag</h2>
        <nav className="picker-tabs" aria-label="Scenes">
          {scenes.map((s) => (
            <Link
              key={s.key}
              to={sceneHref(s.key)}
              preventScrollReset
              replace
              aria-current={s.key === scene.key ? "true" : undefined}
              className="picker-tab"
            >
              {s.title}
            </Link>
          ))}
        </nav>
        <div className="picker-scene">
          <img
            src={scene.img}
            width="800"
            height="500"
            alt={scene.alt}
            loading="lazy"
            decoding="async"
          />
          {scene.items.map((spot) => {
            const product = products[spot.productName];
            if (!product) return null;
            return (
              <Link
                key={spot.productName}
                to={`${overlayHref(location, "item", String(product.id))}`}
                preventScrollReset
                className="picker-plus"
                style={{ left: `${spot.x}%`, top: `${spot.y}%` }}
                aria-label={`${product.name}, from ${formatPence(product.pricePence)}`}
                data-testid="picker-plus"
              >
                <span aria-hidden="true">+</span>
              </Link>
            );
          })}
        </div>
      </div>
      {item ? <ItemPopup product={item} closeTo={overlayHref(location, "item", null)} /> : null}
    </section>
  );
}

/** A quantity stepper's − or +: a link to the new quantity, or a dead button at the limit. */
function StepperLink({ to, label, sign }: { to: string | null; label: string; sign: string }) {
  return to === null ? (
    <span className="stepper-button" aria-disabled="true" aria-label={label}>
      {sign}
    </span>
  ) : (
    <Link to={to} replace preventScrollReset className="stepper-button" aria-label={label}>
      {sign}
    </Link>
  );
}

function ItemPopup({ product, closeTo }: { product: PickerProduct; closeTo: string }) {
  const location = useLocation();
  const navigation = useNavigation();
  const params = new URLSearchParams(location.search);
  const quantity = clampQuantity(params.get("qty") ?? 1);
  const unit = unitPricePence(product, "outside");
  const qtyHref = (n: number) => overlayHref(location, "qty", String(clampQuantity(n)));
  const returnTo = overlayHref(location, "item", null);
  const submitting = navigation.state !== "idle" && navigation.formAction === "/bag";
  return (
    <Overlay title={product.name} closeTo={closeTo}>
      <div className="popup-product">
        <ProductImage
          image={product.image}
          sizes="(min-width: 640px) 240px, 80vw"
          className="popup-image"
        />
        <div>
          <p>{product.description}</p>
          <p className="popup-from">
            From: <strong>{formatPence(product.pricePence)}</strong>
          </p>
          <p className="field-hint">
            Price for an item left outside for collection. Other options are on the item’s page.
          </p>
        </div>
      </div>
      <Form method="post" action="/bag" className="popup-form">
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="id" value={product.id} />
        <input type="hidden" name="position" value="outside" />
        <input type="hidden" name="quantity" value={quantity} />
        <input type="hidden" name="redirectTo" value={returnTo} />
        <div className="popup-row">
          <div className="stepper" role="group" aria-label="Quantity">
            <StepperLink
              to={quantity > 1 ? qtyHref(quantity - 1) : null}
              label="One fewer"
              sign="−"
            />
            <output className="stepper-value" aria-live="polite" data-testid="popup-quantity">
              {quantity}
            </output>
            <StepperLink
              to={quantity < MAX_QUANTITY ? qtyHref(quantity + 1) : null}
              label="One more"
              sign="+"
            />
          </div>
          <p className="popup-subtotal">
            Subtotal <strong data-testid="popup-subtotal">{formatPence(unit * quantity)}</strong>
          </p>
        </div>
        <button type="submit" className="button button-large popup-add" disabled={submitting}>
          {submitting ? "Adding..." : "Add to cart"}
        </button>
        <Link to={`/product/${product.id}`} className="popup-details">
          See all options for this item
        </Link>
      </Form>
    </Overlay>
  );
}
