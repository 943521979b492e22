import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, startServer, type RunningServer } from "../support/server";
import { UPLOAD_PATHS } from "../../server/request-guard";

/**
 * What the server does with hostile requests before any route runs:
 * oversized bodies, bodies a page cannot take, control characters,
 * connections left with unread bodies, cross-origin posts.
 */

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

const MB = 1024 * 1024;

/** The server's resident and peak memory in MB (Linux /proc). */
function memoryOf(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

/**
 * Streams `totalBytes` of body to the server (optionally without a
 * Content-Length) and resolves with the status once the answer arrives.
 */
function streamBody(
  pathname: string,
  totalBytes: number,
  options: { contentType: string; declareLength: boolean },
): Promise<{ status: number; body: string; sentBytes: number }> {
  return new Promise((resolve, reject) => {
    const url = new URL(pathname, server.url);
    let sentBytes = 0;
    const req = http.request(url, {
      method: "POST",
      headers: {
        "content-type": options.contentType,
        origin: server.url,
        ...(options.declareLength ? { "content-length": String(totalBytes) } : {}),
      },
    });
    const chunk = Buffer.alloc(256 * 1024, "a");
    let answered = false;
    req.on("response", (res) => {
      answered = true;
      let body = "";
      res.on("data", (d: Buffer) => (body += d.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, sentBytes }));
    });
    // The server may close the connection once it has refused: that is the point. The answer
    // can still arrive after our write failed, so give it a moment.
    req.on("error", (error) => {
      setTimeout(() => {
        if (!answered) reject(error);
      }, 1_000);
    });
    const pump = () => {
      while (!answered && sentBytes < totalBytes) {
        sentBytes += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      req.end();
    };
    pump();
  });
}

/** Two requests on one kept-alive socket: the second must be answered, not hang. */
function twoRequestsOnOneSocket(first: string, second: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, "127.0.0.1");
    let received = "";
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(received);
    }, 5_000);
    socket.on("data", (d) => (received += d.toString("latin1")));
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(received);
    });
    socket.on("error", reject);
    socket.write(first);
    socket.write(second);
  });
}

describe("request bodies are capped while they stream", () => {
  it("refuses a 400 MB JSON body to the checkout /api at once, with a JSON message, and memory stays flat", async () => {
    const before = memoryOf(server.process.pid!);
    const declared = await streamBody("/api/products/create-checkout-session/", 400 * MB, {
      contentType: "application/json",
      declareLength: true,
    });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body)).toEqual({
      status: false,
      message: expect.stringContaining("256 KB at most"),
    });
    // Without a Content-Length the bytes are counted as they arrive.
    const counted = await streamBody("/api/products/create-checkout-session/", 400 * MB, {
      contentType: "application/json",
      declareLength: false,
    });
    expect(counted.status).toBe(413);
    expect(counted.sentBytes).toBeLessThan(400 * MB);
    const after = memoryOf(server.process.pid!);
    console.log(
      `[edge] 400 MB bodies: RSS ${before.rss.toFixed(0)} → ${after.rss.toFixed(0)} MB, peak ${after.peak.toFixed(0)} MB; the counted one was refused after ${(counted.sentBytes / MB).toFixed(1)} MB had been sent`,
    );
    expect(after.peak - before.peak).toBeLessThan(64);
  });

  it("shows the contact page again with the reason when a form post is too large", async () => {
    const res = await fetch(`${server.url}/contact`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        accept: "text/html",
        origin: server.url,
      },
      body: "message=" + "a".repeat(200 * 1024),
    });
    expect(res.status).toBe(413);
    const html = await res.text();
    expect(html).toMatch(
      /role="alert" class="request-notice">That is more than we can take in one request \(64 KB at most\)/,
    );
    // The page itself (its form) is there, not an error page.
    expect(html).toContain('name="message"');
  });

  it("refuses a chunked page post past the cap without reading it all", async () => {
    const res = await streamBody("/contact", 50 * MB, {
      contentType: "application/x-www-form-urlencoded",
      declareLength: false,
    });
    expect(res.status).toBe(413);
    expect(res.sentBytes).toBeLessThan(50 * MB);
  });

  it("answers Remix's own data request with a 413 it can show", async () => {
    const res = await fetch(`${server.url}/contact.data`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: "message=" + "a".repeat(200 * 1024),
    });
    expect(res.status).toBe(413);
    expect(await res.text()).toContain("64 KB at most");
  });

  it("caps multipart on a page that takes no files like any other form", async () => {
    const boundary = "----edge";
    const body =
      `--${boundary}\r\nContent-Disposition: form-data; name="message"\r\n\r\n` +
      "a".repeat(100 * 1024) +
      `\r\n--${boundary}--\r\n`;
    const res = await fetch(`${server.url}/contact`, {
      method: "POST",
      headers: {
        "content-type": `multipart/form-data; boundary=${boundary}`,
        origin: server.url,
      },
      body,
    });
    expect(res.status).toBe(413);
  });

  it("every route that parses uploads is one the server lets stream", () => {
    const routes = fs.readdirSync(path.join(ROOT, "app", "routes"));
    // receiveUpload, or the product forms' and product /api's way to it (app/api/product-upload.server.ts).
    const parsesUploads = /\b(receiveUpload|receiveProductUpload|answerProductUpload)\(/;
    const uploaders = routes.filter((f) =>
      parsesUploads.test(fs.readFileSync(path.join(ROOT, "app", "routes", f), "utf8")),
    );
    expect(uploaders.length).toBeGreaterThanOrEqual(6);
    for (const file of uploaders) {
      const url =
        "/" +
        file
          .replace(/\.(tsx|ts)$/, "")
          .split(".")
          .filter((s) => s !== "_index" && !s.startsWith("_"))
          // a segment's trailing "_" only leaves its parent's layout: it is not in the address
          .map((s) => (s.startsWith("$") ? "12" : s.replace(/_$/, "")))
          .join("/");
      expect(
        UPLOAD_PATHS.some((p) => p.test(url)),
        `${file} (${url})`,
      ).toBe(true);
    }
  });
});

describe("what pages accept", () => {
  it("a page answers a browser's JSON post with 415 and shows itself again", async () => {
    const res = await fetch(`${server.url}/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/html", origin: server.url },
      body: JSON.stringify({ message: "hello" }),
    });
    expect(res.status).toBe(415);
    const html = await res.text();
    expect(html).toContain("it arrived in a format we do not accept");
    expect(html).toContain('name="message"');
  });

  it("a resource route answers a script's JSON post with a JSON 415", async () => {
    const res = await fetch(`${server.url}/bag`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ intent: "add", id: 1 }),
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      status: false,
      message: expect.stringContaining("format we do not accept"),
    });
  });

  it.each([
    ["a NUL byte in a form field", "/contact", "application/x-www-form-urlencoded", "name=a%00b"],
    [
      "a control character in a JSON string",
      "/api/login/",
      "application/json",
      JSON.stringify({ username: "admin\u0007", password: "x" }),
    ],
  ])("refuses %s with 400", async (_label, pathname, type, body) => {
    const res = await fetch(`${server.url}${pathname}`, {
      method: "POST",
      headers: { "content-type": type, origin: server.url },
      body,
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("characters we cannot accept");
  });

  it("refuses a NUL byte in the address with 400", async () => {
    const res = await fetch(`${server.url}/products?category=%00`);
    expect(res.status).toBe(400);
  });

  it("keeps tabs and new lines in a form", async () => {
    const res = await fetch(`${server.url}/contact`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: new URLSearchParams({
        name: "Sam Tester",
        email: "sam@example.com",
        message: "line one\r\n\tline two",
      }),
    });
    expect(res.status).toBe(303);
  });
});

describe("connections", () => {
  it("reads and drops a body refused unread, so the next request on the connection is answered", async () => {
    const body = "a".repeat(300 * 1024);
    // An upload /api row refuses an anonymous caller before reading the body.
    const first =
      `POST /api/products/upload HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n` +
      `Content-Type: multipart/form-data; boundary=x\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
    const second = `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close\r\n\r\n`;
    const started = Date.now();
    const received = await twoRequestsOnOneSocket(first, second);
    const answers = received.match(/HTTP\/1\.1 \d+/g);
    // The unread body was never taken for a request of its own, and the next one did not wait.
    expect(answers).toEqual(["HTTP/1.1 401", "HTTP/1.1 200"]);
    expect(received).toContain('{"ok":true}');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("answers a refused body that goes on and on, and stops reading it", async () => {
    const res = await streamBody("/api/products/upload", 60 * MB, {
      contentType: "multipart/form-data; boundary=x",
      declareLength: true,
    });
    expect(res.status).toBe(401);
    expect(res.sentBytes).toBeLessThan(60 * MB);
  });

  it("keeps the connection open when the body was read", async () => {
    const first =
      `POST /contact HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nOrigin: http://127.0.0.1:${server.port}\r\n` +
      `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 9\r\n\r\nmessage=a`;
    const second = `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close\r\n\r\n`;
    const received = await twoRequestsOnOneSocket(first, second);
    expect(received.match(/HTTP\/1\.1 /g)).toHaveLength(2);
    expect(received).toContain('{"ok":true}');
  });
});

describe("origin, caching and addresses", () => {
  it("refuses a post whose Origin has the right host but another scheme", async () => {
    const res = await fetch(`${server.url}/contact`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: `https://127.0.0.1:${server.port}`,
      },
      body: "message=hi",
    });
    expect(res.status).toBe(403);
  });

  it.each(["/login", "/dashboard", "/api/general/"])(
    "%s is never stored by a browser or proxy",
    async (pathname) => {
      const res = await fetch(`${server.url}${pathname}`, { redirect: "manual" });
      expect(res.headers.get("cache-control")).toBe("no-store");
    },
  );

  it("listens on loopback only unless HOST says otherwise", () => {
    expect(server.output()).toContain("(HOST=127.0.0.1)");
  });
});
