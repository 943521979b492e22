import http from "node:http";
import { freePort } from "./server";

/**
 * A small postcodes.io of our own for tests, at the network edge as the fake Stripe is: the shop's
 * POSTCODES_URL points here. `POST /postcodes` answers each postcode it knows with its latitude and
 * longitude (postcodes.io's bulk shape) and null for one it does not; every request is recorded,
 * and `down` makes it answer 503.
 */
export async function startFakePostcodes(known: Record<string, { lat: number; lng: number }>) {
  const requests: string[][] = [];
  let down = false;
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/postcodes" || down) {
        res.writeHead(down ? 503 : 404, { "content-type": "application/json" });
        res.end(JSON.stringify({ status: down ? 503 : 404, error: "Not here" }));
        return;
      }
      const asked = (JSON.parse(body) as { postcodes: string[] }).postcodes;
      requests.push(asked);
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          status: 200,
          result: asked.map((query) => ({
            query,
            result: known[query]
              ? { postcode: query, latitude: known[query].lat, longitude: known[query].lng }
              : null,
          })),
        }),
      );
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setDown(value: boolean) {
      down = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
