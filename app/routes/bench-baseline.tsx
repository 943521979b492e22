import type { MetaFunction } from "@remix-run/node";

/**
 * The smallest page this build can serve: static HTML in the root document,
 * no loader. `npm run bench` measures real pages against it.
 */
export default function BenchBaseline() {
  return (
    <main className="container">
      <h1>Baseline</h1>
      <p>A static page used to measure the cost of the real ones.</p>
    </main>
  );
}

export const meta: MetaFunction = () => [
  { title: "Baseline" },
  { name: "robots", content: "noindex" },
];
