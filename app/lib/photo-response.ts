/**
 * How a customer's photo is sent to the browser: a JPEG for this browser alone, never to other sites.
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
