import type { LoaderFunctionArgs } from "@remix-run/node";
import { getPublicImage } from "~/models/catalogue/image.server";

/**
 * GET /api/products/image/{img_url} — a product picture or one of its WebP
 * variants. Ids are content hashes, so a response never changes: immutable.
 * (server.ts adds X-Content-Type-Options: nosniff to every response.)
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const id = (params.imageId ?? "").replace(/\.(png|jpe?g|webp)$/i, "").toLowerCase();
  const etag = `"${id}"`;
  const image = await getPublicImage(id);
  if (!image)
    return new Response("Image not found", {
      status: 404,
      headers: { "Content-Type": "text/plain" },
    });
  const headers = {
    "Cache-Control": "public, max-age=31536000, immutable",
    ETag: etag,
  };
  if (request.headers.get("If-None-Match") === etag)
    return new Response(null, { status: 304, headers });
  return new Response(
    new Uint8Array(
      image.bytes.buffer as ArrayBuffer,
      image.bytes.byteOffset,
      image.bytes.byteLength,
    ),
    {
      headers: {
        ...headers,
        "Content-Type": image.content_type,
        "Content-Length": String(image.byte_size),
      },
    },
  );
}
