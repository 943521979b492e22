import { ErrorNotice } from "./error-notice";

/** Route-level ErrorBoundary: renders inside the nearest layout. */
export function ErrorBoundary() {
  return <ErrorNotice />;
}
