import { useEffect, useState, type ComponentType, type ReactNode } from "react";
import { AlertNotice } from "~/components/alert-notice";

interface Loaded {
  Provider: ComponentType<{
    stripe: Promise<unknown>;
    options: { clientSecret: string };
    children: ReactNode;
  }>;
  Checkout: ComponentType<{ className?: string }>;
  stripe: Promise<unknown>;
}

/**
 * Stripe's embedded card form, mounted from a Checkout Session's client
 * secret. Stripe's script and the React bindings are imported here, on
 * demand, so no other page loads them.
 */
export function StripeEmbeddedCheckout({
  clientSecret,
  publishableKey,
}: {
  clientSecret: string;
  publishableKey: string;
}) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    Promise.all([import("@stripe/stripe-js/pure"), import("@stripe/react-stripe-js")])
      .then(([stripeJs, react]) => {
        if (cancelled) return;
        setLoaded({
          Provider: react.EmbeddedCheckoutProvider as unknown as Loaded["Provider"],
          Checkout: react.EmbeddedCheckout as unknown as Loaded["Checkout"],
          stripe: stripeJs.loadStripe(publishableKey),
        });
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [publishableKey]);

  if (failed) {
    return (
      <AlertNotice message="The card form could not load. Please check your connection and reload this page." />
    );
  }
  if (!loaded) return <p role="status">Loading the secure card form…</p>;
  const { Provider, Checkout } = loaded;
  return (
    <div className="stripe-embedded" data-testid="stripe-embedded">
      <Provider stripe={loaded.stripe} options={{ clientSecret }}>
        <Checkout />
      </Provider>
    </div>
  );
}
