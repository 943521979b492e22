/**
 * React 18's stream writer sends its whole 2 KB buffer when a multi-byte character (a "×", an "é")
 * does not fit in the buffer's last bytes, so the unused bytes go out as NUL characters in the
 * page (fixed in React 19, which Remix 2 does not take). A page's HTML never holds a NUL of its
 * own (control characters are refused at the door), so every one is such padding: dropped.
 */
export function withoutNulBytes(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  if (!html.includes(0)) return html;
  const kept = Buffer.allocUnsafe(html.length);
  let length = 0;
  for (const byte of html) if (byte !== 0) kept[length++] = byte;
  return kept.subarray(0, length);
}
