import { Link, useFetcher } from "@remix-run/react";
import { MAX_QUANTITY } from "~/lib/cart";
import { formatPence } from "~/lib/format";
import type { Position } from "~/lib/domain";
import { Overlay } from "./overlay";
import { ProductImage, type ImageView } from "./product-image";
import { useHydrated } from "./use-hydrated";
import { AlertNotice } from "~/components/alert-notice";

/** One priced line of the bag, as the server works it out. */
interface BagLine {
  id: number;
  position: Position;
  positionLabel: string;
  quantity: number;
  name: string;
  image: ImageView;
  unitPricePence: number;
  lineTotalPence: number;
}

export interface BagView {
  lines: BagLine[];
  subtotalPence: number;
  count: number;
}

function LineControls({ line, returnTo }: { line: BagLine; returnTo: string }) {
  const fetcher = useFetcher<{ ok: boolean; error?: string }>({
    key: `bag-${line.id}-${line.position}`,
  });
  const hydrated = useHydrated();
  const pendingIntent = fetcher.formData?.get("intent");
  // Show the quantity the customer asked for while the server confirms it.
  const quantity =
    pendingIntent === "increment"
      ? Math.min(MAX_QUANTITY, line.quantity + 1)
      : pendingIntent === "decrement"
        ? Math.max(1, line.quantity - 1)
        : line.quantity;
  const hidden = (
    <>
      <input type="hidden" name="id" value={line.id} />
      <input type="hidden" name="position" value={line.position} />
      <input type="hidden" name="redirectTo" value={returnTo} />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
    </>
  );
  const stepperButton = (
    intent: "increment" | "decrement",
    label: string,
    disabled: boolean,
    sign: string,
  ) => (
    <fetcher.Form method="post" action="/bag">
      {hidden}
      <button
        type="submit"
        name="intent"
        value={intent}
        className="stepper-button"
        aria-label={label}
        disabled={disabled}
      >
        {sign}
      </button>
    </fetcher.Form>
  );
  return (
    <div className="bag-line-controls">
      <div className="stepper" role="group" aria-label={`Quantity of ${line.name}`}>
        {stepperButton("decrement", `One fewer ${line.name}`, quantity <= 1, "−")}
        <output className="stepper-value" aria-live="polite" data-testid="bag-line-quantity">
          {quantity}
        </output>
        {stepperButton("increment", `One more ${line.name}`, quantity >= MAX_QUANTITY, "+")}
      </div>
      <fetcher.Form method="post" action="/bag">
        {hidden}
        <button type="submit" name="intent" value="remove" className="link-button">
          REMOVE
        </button>
      </fetcher.Form>
    </div>
  );
}

export function BagDrawer({
  bag,
  closeTo,
  returnTo,
  error,
  pricesNote,
}: {
  bag: BagView;
  closeTo: string;
  returnTo: string;
  error?: string;
  /** what the prices include ("" when no VAT is charged: lib/vat.ts) */
  pricesNote: string;
}) {
  const empty = bag.lines.length === 0;
  return (
    <Overlay
      title="YOUR BAG"
      closeTo={closeTo}
      variant="drawer"
      footer={
        empty ? null : (
          <>
            <p className="bag-subtotal">
              <span>Subtotal</span>
              <strong data-testid="bag-subtotal">{formatPence(bag.subtotalPence)}</strong>
            </p>
            <p className="bag-vat-note">
              {pricesNote ? `${pricesNote} ` : ""}You choose your collection date next.
            </p>
            <Link to="/checkout" className="button button-large bag-checkout">
              CHECK OUT
            </Link>
          </>
        )
      }
    >
      <AlertNotice message={error} />
      {empty ? (
        <div className="bag-empty">
          <p>no cart items</p>
          <Link to="/products" className="button button-light">
            Browse removal items
          </Link>
        </div>
      ) : (
        <ul className="bag-lines" data-testid="bag-lines">
          {bag.lines.map((line) => (
            <li key={`${line.id}-${line.position}`} className="bag-line" data-testid="bag-line">
              <ProductImage image={line.image} sizes="72px" className="bag-line-image" />
              <div className="bag-line-text">
                <p className="bag-line-name">{line.name}</p>
                <p className="bag-line-position">{line.positionLabel}</p>
                <p className="bag-line-total" data-testid="bag-line-total">
                  {formatPence(line.lineTotalPence)}
                  {line.quantity > 1 ? (
                    <span className="bag-line-unit">
                      {" "}
                      ({formatPence(line.unitPricePence)} each)
                    </span>
                  ) : null}
                </p>
                <LineControls line={line} returnTo={returnTo} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Overlay>
  );
}
