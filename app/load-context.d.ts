import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The CSP nonce server.ts generated for this response. */
    cspNonce: string;
    /** The visitor's address, for rate limits. */
    clientIp: string;
    /** Set when the server refused a page post (too large, wrong format): the page is shown again with this. */
    requestNotice?: { status: number; message: string };
  }
  // Types loader data as single fetch delivers it (matches remix.config.js).
  interface Future {
    v3_singleFetch: true;
  }
}
