/**
 * A redirect target from a form field, kept on our own site: only a path
 * starting with a single "/" is allowed (no "//evil.example", no "http:").
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string") return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
  if (/[\u0000-\u001f]/.test(value)) return fallback;
  return value;
}

/** The same path with one search parameter set (or removed when value is null). */
export function withParam(path: string, name: string, value: string | null): string {
  const url = new URL(path, "http://x");
  if (value === null) url.searchParams.delete(name);
  else url.searchParams.set(name, value);
  return url.pathname + url.search + url.hash;
}
