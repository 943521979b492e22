/** A picture as the pages receive it: the original plus WebP widths for srcset. */
export interface ImageView {
  src: string;
  width: number;
  height: number;
  srcSet: string;
}

/** A product picture from its WebP variants; width/height stop layout shift. */
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
      decoding="async"
    />
  );
}
