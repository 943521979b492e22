/**
 * A customer's photo shown at a fixed width, its height kept to the photo's own shape (4:3 when
 * unknown) so the page does not shift as it loads.
 */
export function PhotoThumbnail({
  src,
  alt,
  width,
  photo,
}: {
  src: string;
  alt: string;
  width: number;
  photo: { width: number | null; height: number | null };
}) {
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={
        photo.width && photo.height
          ? Math.round((width * photo.height) / photo.width)
          : (width * 3) / 4
      }
      loading="lazy"
    />
  );
}
