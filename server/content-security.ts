import crypto from "node:crypto";

/**
 * The Content-Security-Policy of every response. Scripts run from our own origin, from Stripe, and
 * inline only when the policy names them: by the response's nonce on a page rendered for one
 * visitor, by their hashes on a shared page (server/page-cache.ts; docs/decisions/029).
 */
export function contentSecurityPolicy(
  inlineScripts: readonly string[],
  isDevelopment: boolean,
): string {
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ["base-uri", ["'self'"]],
    ["object-src", ["'none'"]],
    ["frame-ancestors", ["'none'"]],
    ["form-action", ["'self'", "https://checkout.stripe.com"]],
    ["script-src", ["'self'", ...inlineScripts, "https://js.stripe.com"]],
    ["style-src", ["'self'", "'unsafe-inline'"]],
    // blob: for the previews of a photo or image being chosen (URL.createObjectURL), nothing more.
    ["img-src", ["'self'", "data:", "blob:", "https://*.stripe.com"]],
    ["font-src", ["'self'"]],
    [
      "connect-src",
      [
        "'self'",
        "https://api.stripe.com",
        "https://checkout.stripe.com",
        ...(isDevelopment ? ["ws://localhost:*"] : []),
      ],
    ],
    [
      "frame-src",
      ["https://js.stripe.com", "https://hooks.stripe.com", "https://checkout.stripe.com"],
    ],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(" ")}`).join(";");
}

/** A fresh nonce: 128 random bits, never the same twice. */
export function newNonce(): string {
  return crypto.randomBytes(16).toString("base64");
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** The policy's source for each inline script of a page ('sha256-…'), in order, without repeats. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, content] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes ?? "")) continue;
    hashes.add(
      `'sha256-${crypto
        .createHash("sha256")
        .update(content ?? "")
        .digest("base64")}'`,
    );
  }
  return [...hashes];
}
