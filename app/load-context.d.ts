import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The CSP nonce server.ts generated for this response. */
    cspNonce: string;
    /** The visitor's address, for rate limits. */
    clientIp: string;
  }
  // Types loader data as single fetch delivers it (matches remix.config.js).
  interface Future {
    v3_singleFetch: true;
  }
}
