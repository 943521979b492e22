import http from "node:http";
import { describe, expect, it } from "vitest";
import { startServer } from "../support/server";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Opens a form POST to /contact and sends only the first part of its body. */
function slowPost(url: string, body: string, firstBytes: number) {
  const request = http.request(`${url}/contact`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "content-length": Buffer.byteLength(body),
      origin: url,
    },
  });
  const response = new Promise<{ status: number }>((resolve, reject) => {
    request.on("response", (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0 }));
    });
    request.on("error", reject);
  });
  request.write(body.slice(0, firstBytes));
  return { request, response, rest: body.slice(firstBytes) };
}

describe("graceful shutdown", () => {
  it("lets a request in flight at SIGTERM finish, refuses new ones, then exits 0", async () => {
    const server = await startServer();
    const body = "name=Ann+Lee&email=ann%40example.com&message=Can+you+take+a+piano%3F";
    const slow = slowPost(server.url, body, 20);
    await sleep(300);

    server.process.kill("SIGTERM");
    await sleep(800);
    expect(server.process.exitCode).toBeNull();
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();

    slow.request.end(slow.rest);
    expect((await slow.response).status).toBe(303);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('[contact] from "Ann Lee" <ann@example.com>');
    expect(server.output()).toContain("[haulbook] stopped");
  });

  it("gives up on a request that never finishes after 10 seconds", async () => {
    const server = await startServer();
    const slow = slowPost(server.url, "name=Stuck&email=s%40example.com&message=never+ends", 10);
    slow.response.catch(() => undefined);
    await sleep(300);
    const started = Date.now();
    server.process.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(9_500);
    expect(waited).toBeLessThan(14_000);
    expect(server.output()).toContain("grace period over");
  }, 30_000);
});
