import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, startServer, type RunningServer } from "../support/server";
import { signInStaff } from "../support/staff";

/**
 * Hostile input over every route and /api row, anonymous and signed in:
 * wrong types, missing fields, 1 MB strings, control characters, bad JSON,
 * wrong content types, broken multipart, oversize bodies, traversal in ids,
 * absurd paging, prototype names ("__proto__", "constructor"…) in every query parameter and form
 * field of every route, odd list parameters. Every answer must be a 2xx-4xx, the server must stay up
 * and its memory bounded. The same seed gives the same requests, so a
 * failure can be replayed; RELIABILITY_SCALE makes the run longer.
 */

const SCALE = Number(process.env.RELIABILITY_SCALE ?? 1);
const RANDOM_REQUESTS = Math.round(2_000 * SCALE);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const IN_FLIGHT = 6;

let server: RunningServer;
beforeAll(async () => {
  // NODE_ENV=test: checkout runs through the demo gateway, so its whole path is fuzzed.
  server = await startServer({ env: { NODE_ENV: "test" } });
  PNG = (
    await sharp({ create: { width: 8, height: 8, channels: 3, background: "#11734f" } })
      .png()
      .toBuffer()
  ).toString("latin1");
});
afterAll(async () => {
  await server?.stop();
});

/** mulberry32: a small seeded generator, so a run can be repeated exactly. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick };
}

const ID_VALUES = [
  "1",
  "12",
  "999999",
  "0",
  "-1",
  "1.5",
  "1e308",
  "abc",
  "__proto__",
  "constructor",
  "..%2F..%2Fetc%2Fpasswd",
  "%2e%2e%2f%2e%2e%2fhaulbook.db",
  "a".repeat(300),
  "%E2%80%AE",
];

/** Every route file, as URLs that reach it (parameters filled with hostile ids). */
function routeUrls(ids: readonly string[] = ID_VALUES): string[] {
  const files = fs.readdirSync(path.join(ROOT, "app", "routes"));
  const urls = new Set<string>();
  for (const file of files) {
    const segments = file
      .replace(/\.(tsx|ts)$/, "")
      .split(".")
      .filter((s) => s !== "_index" && !s.startsWith("_") && s !== "$");
    const hasParam = segments.some((s) => s.startsWith("$"));
    for (const id of hasParam ? ids : ["-"]) {
      urls.add("/" + segments.map((s) => (s.startsWith("$") ? id : s)).join("/"));
    }
  }
  urls.add("/no/such/page");
  return [...urls];
}

const FIELDS = [
  "username",
  "password",
  "full_name",
  "fullName",
  "email",
  "phone_number",
  "phoneNumber",
  "address_1",
  "address1",
  "town",
  "postcode",
  "comments",
  "message",
  "name",
  "date",
  "collection_date",
  "id",
  "quantity",
  "qty",
  "position",
  "intent",
  "product_name",
  "product_price",
  "product_description",
  "product_category",
  "status",
  "booking_status",
  "payment_method",
  "order_price",
  "responded",
  "token",
  "redirectTo",
  "website",
  "cart_items",
  "month",
  "page",
  "limit",
];

const TEXT_VALUES = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\u0007bell",
  "-5",
  "0",
  "0.5",
  "1e9",
  "1e308",
  "Infinity",
  "-Infinity",
  "NaN",
  "99999999999999999999",
  "abc",
  "__proto__",
  "constructor",
  "toString",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "'; DROP TABLE orders;--",
  "2026-02-30",
  "9999-12-31",
  "1970-01-01",
  "null",
  "true",
  "[]",
  "{}",
  "\u202e\u200b",
  "😀".repeat(200),
  "a".repeat(300),
  "a".repeat(70_000),
  "a".repeat(1_000_000),
  "card",
  "complete",
  "cancelled",
  "inside_dismantle",
  "outside",
];

const JSON_VALUES: unknown[] = [
  null,
  true,
  0,
  -5,
  0.5,
  1e308,
  "str",
  [],
  {},
  [null],
  [{ id: "x", quantity: -5 }],
  [{ id: 1, quantity: 1e9, position: "__proto__" }],
  Array.from({ length: 60 }, () => ({ id: 1, quantity: 99, position: "outside" })),
  { __proto__: { admin: true } },
  { nested: { deeper: { deepest: [1, 2, 3] } } },
];

const QUERY_KEYS = [
  "page",
  "limit",
  "category",
  "q",
  "id",
  "month",
  "day",
  "session_id",
  "w",
  "search",
  "status",
  "product_name",
  "email",
  "faq",
  "bag",
  "item",
  "scene",
  "retry",
  "cancelled",
  "redirectTo",
];

interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** the body is bytes written as latin1 text (a picture inside multipart) */
  binary?: boolean;
  label: string;
}

function randomObject(rng: ReturnType<typeof generator>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const count = 1 + Math.floor(rng.next() * 6);
  for (let i = 0; i < count; i++) {
    out[rng.pick(FIELDS)] = rng.next() < 0.6 ? rng.pick(TEXT_VALUES) : rng.pick(JSON_VALUES);
  }
  return out;
}

function multipart(fields: Record<string, string>, broken: boolean, withFile: boolean) {
  const boundary = "----fuzz" + Object.keys(fields).length;
  let body = "";
  for (const [key, value] of Object.entries(fields))
    body += `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`;
  if (withFile) {
    body +=
      `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="../../x.png"\r\n` +
      `Content-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\nnot really a png\r\n`;
    body +=
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="x.svg"\r\n` +
      `Content-Type: image/svg+xml\r\n\r\n<svg xmlns="http://www.w3.org/2000/svg" width="999999" height="999999"/>\r\n`;
  }
  body += broken
    ? `--${boundary}\r\nContent-Disposition: form-data; name="x"`
    : `--${boundary}--\r\n`;
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

function randomRequest(
  rng: ReturnType<typeof generator>,
  urls: string[],
  origin: string,
): FuzzRequest {
  const base = rng.pick(urls);
  const query = new URLSearchParams();
  if (rng.next() < 0.5) {
    const count = 1 + Math.floor(rng.next() * 3);
    for (let i = 0; i < count; i++)
      query.set(rng.pick(QUERY_KEYS), rng.pick(TEXT_VALUES).slice(0, 2_000));
  }
  const url = base + (query.size > 0 ? `?${query}` : "");
  const method = rng.pick(["GET", "GET", "POST", "POST", "POST", "PUT", "DELETE", "PATCH"]);
  const headers: Record<string, string> = {};
  if (rng.next() < 0.9) headers.origin = origin;
  if (rng.next() < 0.3) headers.accept = "text/html";
  if (method === "GET" || method === "DELETE")
    return { method, url, headers, label: `${method} ${url.slice(0, 120)}` };

  const kind = rng.pick([
    "form",
    "form",
    "json",
    "json",
    "bad-json",
    "multipart",
    "broken-multipart",
    "text",
    "xml",
    "empty",
  ]);
  let body: string | undefined;
  switch (kind) {
    case "form": {
      const fields = randomObject(rng);
      body = new URLSearchParams(
        Object.entries(fields).map(([k, v]) => [
          k,
          typeof v === "string" ? v : (JSON.stringify(v) ?? ""),
        ]),
      ).toString();
      headers["content-type"] = "application/x-www-form-urlencoded";
      break;
    }
    case "json":
      body = JSON.stringify(rng.next() < 0.3 ? rng.pick(JSON_VALUES) : randomObject(rng));
      headers["content-type"] = "application/json";
      break;
    case "bad-json":
      body = rng.pick(['{"a":', "nul", "{'single':1}", "\u0000", '{"a":1}}', "[".repeat(5000)]);
      headers["content-type"] = "application/json";
      break;
    case "multipart":
    case "broken-multipart": {
      const fields = Object.fromEntries(
        Object.entries(randomObject(rng)).map(([k, v]) => [
          k,
          typeof v === "string" ? v.slice(0, 5_000) : (JSON.stringify(v) ?? ""),
        ]),
      );
      const made = multipart(fields, kind === "broken-multipart", rng.next() < 0.5);
      body = made.body;
      headers["content-type"] = made.type;
      break;
    }
    case "text":
      body = "hello=world";
      headers["content-type"] = "text/plain";
      break;
    case "xml":
      body = "<?xml version='1.0'?><a>1</a>";
      headers["content-type"] = "application/xml";
      break;
    case "empty":
      break;
  }
  return { method, url, headers, body, label: `${method} ${url.slice(0, 120)} [${kind}]` };
}

/** A real 8×8 PNG, as latin1 text so it can sit in a string body. */
let PNG = "";

/** The inputs found to break the shop once, each sent on purpose. */
function knownCases(origin: string): FuzzRequest[] {
  const cases: FuzzRequest[] = [];
  const post = (url: string, type: string, body: string, label: string) =>
    cases.push({ method: "POST", url, headers: { origin, "content-type": type }, body, label });
  const pages = [
    "/contact",
    "/checkout",
    "/login",
    "/bag",
    "/quote",
    "/dashboard/home",
    "/dashboard/orders/1",
    "/dashboard/quotes/1",
    "/dashboard/products/1",
    "/dashboard/products/new",
    "/payment/demo",
  ];
  for (const page of pages) {
    for (const field of FIELDS)
      post(
        page,
        "application/x-www-form-urlencoded",
        `${field}=a%00b&intent=a%00b`,
        `NUL in ${field} → ${page}`,
      );
    post(page, "application/json", "{}", `JSON to ${page}`);
    post(page, "text/plain", "a=b", `text/plain to ${page}`);
  }
  const apiPosts = routeUrls().filter((u) => u.startsWith("/api/") && !u.includes("%"));
  for (const url of apiPosts) {
    for (const body of ["null", "[]", '"x"', "1", "{", ""])
      post(url, "application/json", body, `JSON ${body} → ${url}`);
  }
  for (const category of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
    cases.push({
      method: "GET",
      url: `/products?category=${category}`,
      headers: {},
      label: `category ${category}`,
    });
    cases.push({
      method: "GET",
      url: `/api/products/?category=${category}`,
      headers: {},
      label: `api category ${category}`,
    });
  }
  post(
    "/login",
    "application/x-www-form-urlencoded",
    `username=${"u".repeat(300)}&password=x`,
    "long username",
  );
  post(
    "/api/login/",
    "application/json",
    JSON.stringify({ username: "u".repeat(300), password: "x" }),
    "long username api",
  );
  for (const list of [
    "/dashboard/orders",
    "/dashboard/quotes",
    "/dashboard/products",
    "/api/orders",
    "/api/orders/quotationRequest",
    "/products",
    "/api/products/",
  ]) {
    for (const value of ["1e308", "Infinity", "-1", "NaN", "99999999999", "0.5"]) {
      cases.push({
        method: "GET",
        url: `${list}?page=${value}&limit=${value}`,
        headers: {},
        label: `paging ${value} ${list}`,
      });
    }
  }
  // Multipart with a real picture, so each field reaches the model and the database.
  const uploads: [string, string, string[]][] = [
    [
      "/quote",
      "images",
      ["fullName", "email", "phoneNumber", "address1", "town", "postcode", "comments"],
    ],
    [
      "/api/products/quotationRequest",
      "images",
      ["fullName", "email", "phoneNumber", "address1", "town", "postcode", "comments"],
    ],
    [
      "/api/products/upload",
      "image",
      ["product_name", "product_price", "product_description", "product_category", "outside_price"],
    ],
    [
      "/dashboard/products/new",
      "image",
      ["product_name", "product_price", "product_description", "product_category", "outside_price"],
    ],
  ];
  for (const [url, fileField, fields] of uploads) {
    for (const hostile of fields) {
      const valid: Record<string, string> = {
        fullName: "Sam Tester",
        email: "sam@example.com",
        phoneNumber: "07700 900123",
        address1: "1 High St",
        town: "London",
        postcode: "N1 1AA",
        comments: "A sofa",
        product_name: "Test item",
        product_price: "10",
        product_description: "Something",
        product_category: "Sofa & Chair Removal",
        outside_price: "0",
      };
      const boundary = "----fuzzupload";
      let body = "";
      for (const field of fields) {
        const value = field === hostile ? `\u0000${valid[field]}` : valid[field];
        body += `--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`;
      }
      cases.push({
        method: "POST",
        url,
        headers: { origin, "content-type": `multipart/form-data; boundary=${boundary}` },
        body: `${body}--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n${PNG}\r\n--${boundary}--\r\n`,
        binary: true,
        label: `NUL in multipart ${hostile} → ${url}`,
      });
    }
  }
  for (const id of ["..%2F..%2Fhaulbook.db", "%2e%2e", "a".repeat(500), "-1", "1e308"]) {
    cases.push({
      method: "GET",
      url: `/api/products/image/${id}`,
      headers: {},
      label: `image id ${id}`,
    });
    cases.push({
      method: "GET",
      url: `/api/products/quotes-img/${id}`,
      headers: {},
      label: `quote image ${id}`,
    });
  }
  return cases;
}

/** Names an object used as a map would find on its prototype. */
const PROTOTYPE_NAMES = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty"];

/**
 * Prototype names in every query parameter and every form field of every route (as values, and
 * as the names of parameters and fields), as a query, a form, JSON and multipart.
 */
function prototypeCases(origin: string): FuzzRequest[] {
  const cases: FuzzRequest[] = [];
  // Each route once, reached with an id that may exist.
  const urls = routeUrls(["1"]).filter((u) => !u.startsWith("/logout"));
  const keys = [...new Set([...QUERY_KEYS, ...FIELDS, "product_category", "ID", "images"])];
  for (const url of urls) {
    for (const name of PROTOTYPE_NAMES) {
      const query = new URLSearchParams(keys.map((k) => [k, name]));
      query.append(name, name);
      cases.push({
        method: "GET",
        url: `${url}?${query}`,
        headers: {},
        label: `${name} in every query parameter → ${url}`,
      });
      const form = new URLSearchParams(keys.map((k) => [k, name]));
      form.append(name, name);
      cases.push({
        method: "POST",
        url,
        headers: { origin, "content-type": "application/x-www-form-urlencoded" },
        body: form.toString(),
        label: `${name} in every form field → ${url}`,
      });
      const boundary = "----fuzzproto";
      let body = "";
      for (const [k, v] of form)
        body += `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
      cases.push({
        method: "POST",
        url,
        headers: { origin, "content-type": `multipart/form-data; boundary=${boundary}` },
        body: `${body}--${boundary}--\r\n`,
        label: `${name} in every multipart field → ${url}`,
      });
      if (url.startsWith("/api/")) {
        // Written out, so "__proto__" arrives as a key of the parsed object.
        const json = `{${[...keys, name].map((k) => `${JSON.stringify(k)}:${JSON.stringify(name)}`).join(",")},"__proto__":{"admin":true},"cart_items":[{"id":1,"quantity":1,"position":${JSON.stringify(name)}}]}`;
        cases.push({
          method: "POST",
          url,
          headers: { origin, "content-type": "application/json" },
          body: json,
          label: `${name} in every JSON field → ${url}`,
        });
      }
    }
  }
  return cases;
}

/** /products and its /api twin with odd parameters: repeated, empty, huge, not numbers. */
function oddListCases(): FuzzRequest[] {
  const queries = [
    "page=1&page=2&page=abc",
    "page=",
    "page=abc",
    "page=-0",
    "page=0x10",
    "page=1e3",
    `page=${"9".repeat(400)}`,
    "page=99999999999999999999",
    "page=%00",
    "limit=&page=",
    `limit=${"9".repeat(400)}`,
    "product_category=&product_category=Sofa",
    "product_category=__proto__&product_category=constructor",
    `product_name=${"a".repeat(2_000)}`,
    "product_name=&product_name=&product_name=",
    "product_name=%25%5F%5C",
    "product_name[]=x&page[]=1&product_category[]=y",
    "product_name=__proto__&product_category=toString&page=constructor",
  ];
  return ["/products", "/api/products/", "/"].flatMap((list) =>
    queries.map((q) => ({
      method: "GET",
      url: `${list}?${q}`,
      headers: {},
      label: `odd list parameters ${list}?${q.slice(0, 60)}`,
    })),
  );
}

async function signIn(): Promise<{ cookie: string; xsrf: string }> {
  const { response, cookie, xsrf } = await signInStaff(server, { via: "api" });
  expect(response.status).toBe(200);
  return { cookie, xsrf };
}

function peakMemoryMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

describe("fuzzing every route", () => {
  it(`answers ${RANDOM_REQUESTS}+ hostile requests without a single 5xx`, async () => {
    const rng = generator(SEED);
    const urls = routeUrls();
    const staff = await signIn();
    const targeted = [...knownCases(server.url), ...prototypeCases(server.url), ...oddListCases()];
    const requests: (FuzzRequest & { staff: boolean })[] = [
      ...targeted.map((r) => ({ ...r, staff: false })),
      ...targeted.map((r) => ({ ...r, staff: true })),
    ];
    for (let i = 0; i < RANDOM_REQUESTS; i++) {
      const request = randomRequest(rng, urls, server.url);
      // Signing out would end the fuzzer's own session: the logout route gets anonymous requests only.
      requests.push({ ...request, staff: rng.next() < 0.5 && !request.url.startsWith("/logout") });
    }

    const statuses = new Map<number, number>();
    const failures: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const index = next++;
        const request = requests[index]!;
        // Each request from its own address, so rate limits do not hide what lies behind them.
        const headers: Record<string, string> = {
          ...request.headers,
          "x-forwarded-for": `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
        };
        if (request.staff) {
          headers.cookie = staff.cookie;
          headers["x-xsrf-token"] = staff.xsrf;
        }
        let status: number;
        try {
          const res = await fetch(`${server.url}${request.url}`, {
            method: request.method,
            headers,
            body:
              request.binary && request.body
                ? new Blob([Buffer.from(request.body, "latin1")])
                : request.body,
            redirect: "manual",
            signal: AbortSignal.timeout(20_000),
          });
          status = res.status;
          const text = await res.text().catch(() => "");
          if (status >= 500)
            failures.push(
              `${status} ${request.label} ${request.staff ? "(staff)" : ""}: ${text.slice(0, 200)}`,
            );
        } catch (error) {
          // A refused body may end with the server closing the connection mid-upload: that is an answer.
          status = 0;
          const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
          if (
            !/other side closed|ECONNRESET|EPIPE|socket/i.test(
              String((error as Error).cause ?? reason),
            )
          )
            failures.push(`no answer ${request.label}: ${reason}`);
        }
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    };
    const started = Date.now();
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    const seconds = (Date.now() - started) / 1000;

    const summary = [...statuses.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([s, n]) => `${s}×${n}`)
      .join(" ");
    const peak = peakMemoryMb(server.process.pid!);
    console.log(
      `[fuzz] ${requests.length} requests in ${seconds.toFixed(1)} s (seed ${SEED}): ${summary}; server peak memory ${peak.toFixed(0)} MB`,
    );
    expect(failures, failures.join("\n")).toEqual([]);
    expect(requests.length).toBeGreaterThanOrEqual(2_500 * Math.min(1, SCALE));

    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    // About 320 MB of its own (the one-file build/server.js holds some 16 MB more compiled code
    // than packages loaded from node_modules: decision 039), plus two password hashes at once
    // (HASH_SLOTS, 128 MiB each: the prototype names reach both sign-in routes from several
    // workers together). When the collector runs beside those hashes moves the peak by about
    // 100 MB from run to run (586–689 MB measured in seven runs of `npm test`): the bound is for a
    // leak, which grows with the 6,000 requests, not for that.
    expect(peak).toBeLessThan(750);
  }, 600_000);
});
