/**
 * How a customer's photo is sent to the browser (a JPEG for this browser alone, never sent on to
 * other sites), and the thumbnail width its address may ask for.
 */

/** A photo's bytes as a response: private to the browser for an hour, shown in the page. */
export function privatePhotoResponse(bytes: Uint8Array): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Cache-Control": "private, max-age=3600",
      "Content-Type": "image/jpeg",
      "Content-Disposition": "inline",
      "Referrer-Policy": "same-origin",
    },
  });
}

/** The thumbnail width a photo's address asks for (`?w=`), when it is one we make: 64 to 1024 px. */
export function askedPhotoWidth(url: string): number | null {
  const width = Number(new URL(url).searchParams.get("w"));
  return width >= 64 && width <= 1024 ? width : null;
}
