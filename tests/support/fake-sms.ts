import http from "node:http";
import { freePort } from "./server";

/**
 * A text message provider of our own for tests, at the network edge (the shop's SMS_URL): it
 * keeps each message posted with the right bearer token, refuses any other with 401, and answers
 * 503 while `down`.
 */
export async function startFakeSms(token: string) {
  const messages: { to: string; message: string }[] = [];
  let down = false;
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      const status = down
        ? 503
        : req.headers.authorization !== `Bearer ${token}`
          ? 401
          : req.method !== "POST"
            ? 405
            : 200;
      if (status === 200) messages.push(JSON.parse(body) as { to: string; message: string });
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify({ ok: status === 200 }));
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}/messages`,
    messages,
    setDown(value: boolean) {
      down = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
