// The ceiling `npm run bench` compares our pages with: a bare node:http server
// that answers each path with bytes fetched from the shop beforehand (its
// brotli-compressed page, with the shop's content-type and content-encoding),
// and does nothing else: no routing beyond a Map lookup, no compression, no
// database. Run as its own process:
//   node scripts/bench-bare.mjs <port> <pages.json>
// where pages.json is { "<path>": { "file": "<body file>", "type": "...", "encoding": "br" } }.
// Port 0 takes a free one; the port listened on is printed as `listening on <port>`.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";

const [portArg = "0", manifest] = process.argv.slice(2);
if (!manifest) throw new Error("usage: node scripts/bench-bare.mjs <port> <pages.json>");
const pages = new Map(
  Object.entries(JSON.parse(fs.readFileSync(manifest, "utf8"))).map(([pathname, page]) => {
    const body = fs.readFileSync(path.resolve(path.dirname(manifest), page.file));
    const headers = {
      "content-type": page.type,
      "content-length": body.length,
      vary: "Accept-Encoding",
    };
    if (page.encoding) headers["content-encoding"] = page.encoding;
    return [pathname, { body, headers }];
  }),
);

const server = http.createServer((req, res) => {
  const page = pages.get(req.url ?? "");
  if (!page) {
    res.writeHead(404, { "content-type": "text/plain" });
    res.end("not found");
    return;
  }
  res.writeHead(200, page.headers);
  res.end(page.body);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(portArg), "127.0.0.1", () => {
  console.log(`listening on ${server.address().port}`);
});
process.on("SIGTERM", () => process.exit(0));
