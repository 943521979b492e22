/**
 * A QR code drawn as an inline SVG from its path (app/lib/qr-code.ts, made by the loader so the
 * encoder stays on the server): black on white with its quiet zone, crisp at any size, readable by
 * a phone's camera from a screen at full brightness or from paper. `label` says what it holds.
 */
export function QrCodeImage({
  path,
  size,
  label,
}: {
  path: string;
  /** modules across, the quiet zone included */
  size: number;
  label: string;
}) {
  return (
    <svg
      className="qr-code"
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
