/** A picture as the pages receive it: the original plus WebP widths for srcset. */
export interface ImageView {
  src: string;
  width: number;
  height: number;
  srcSet: string;
}

/**
 * A product picture from its WebP variants; width/height stop layout shift. `eager` is for a
 * picture at the top of the page: loaded at once and ahead of the scripts (it is what the page
 * is judged to have shown by).
 */
export function ProductImage({
  image,
  sizes,
  alt = "",
  eager = false,
  className,
}: {
  image: ImageView;
  sizes: string;
  alt?: string;
  eager?: boolean;
  className?: string;
}) {
  return (
    <img
      className={className}
      src={image.src}
      srcSet={image.srcSet || undefined}
      sizes={image.srcSet ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={eager ? "eager" : "lazy"}
      // lower case: React 18 passes it through as it is (it knows no fetchPriority); decoded
      // with the frame that follows its arrival, not left for later
      {...(eager ? { fetchpriority: "high" } : { decoding: "async" })}
    />
  );
}
