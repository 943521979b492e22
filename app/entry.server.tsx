import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { StylesheetTextProvider } from "~/components/inline-stylesheets";
import { NonceProvider } from "~/components/nonce";
import { withoutNulBytes } from "~/lib/rendered-html";
import { readStylesheetText } from "~/lib/stylesheet-text.server";

// server.ts calls these through the build so the app and the server share one database connection.
export { beforeRequest, startApp, stopApp } from "~/lifecycle.server";
export { isCommand, runCommand } from "~/cli.server";
export { sharedPageKey, sharedPagesVersion } from "~/models/shop/shared-pages.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = typeof loadContext.cspNonce === "string" ? loadContext.cspNonce : "";
  // A refused post shows the page again under the refusal's status (413, 415, 400).
  if (loadContext.requestNotice && responseStatusCode === 200)
    responseStatusCode = loadContext.requestNotice.status;
  // Every loader has finished before rendering starts and no page defers data, so the whole
  // document is ready moments after its first bytes: it is sent in one piece, which spares the
  // server a stream of small writes per page.
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <StylesheetTextProvider value={readStylesheetText}>
          <RemixServer context={remixContext} url={request.url} nonce={nonce} />
        </StylesheetTextProvider>
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          const chunks: Buffer[] = [];
          const document = new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              resolve(
                new Response(withoutNulBytes(Buffer.concat(chunks)), {
                  headers: responseHeaders,
                  status: responseStatusCode,
                }),
              );
              done();
            },
          });
          pipe(document);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(error);
}
