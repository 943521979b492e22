/** Any unknown public address: a 404 inside the site layout. */
export function loader() {
  throw new Response("We couldn't find that page.", { status: 404 });
}

export default function NotFound() {
  return null;
}

export { ErrorBoundary } from "~/components/error-boundary";
