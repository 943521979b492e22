import { Link } from "@remix-run/react";
import { formatPence } from "~/lib/format";
import { ProductImage, type ImageView } from "./product-image";

/** What a card shows of a product. */
export interface ProductCardView {
  id: number;
  name: string;
  description: string;
  pricePence: number;
  image: ImageView;
}

export function ProductCard({ product, eager }: { product: ProductCardView; eager?: boolean }) {
  return (
    <article className="product-card" data-testid="product-card">
      <ProductImage
        image={product.image}
        sizes="(min-width: 1000px) 260px, (min-width: 640px) 33vw, 50vw"
        eager={eager}
        className="product-card-image"
      />
      <div className="product-card-body">
        <h3 className="product-card-name">{product.name}</h3>
        <p className="product-card-description">{product.description}</p>
        <p className="product-card-price">
          <span>From</span> <strong>{formatPence(product.pricePence)}</strong>
        </p>
        <Link
          to={`/product/${product.id}`}
          className="button button-light product-card-view"
          aria-label={`View ${product.name}`}
          prefetch="intent"
        >
          View
        </Link>
      </div>
    </article>
  );
}
