// The open-loop mix of `npm run bench` (scripts/bench.mjs, table 2): requests sent at their
// scheduled times whether or not earlier ones were answered, each timed from that time.
import http from "node:http";

/** mulberry32: the same mix every run. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const SEARCH_TERMS = ["sofa", "fridge", "bed", "chair", "mattress", "tv", "desk", "wardrobe"];
const SEARCH_CATEGORIES = ["Sofa & Chair Removal", "Furniture Removal", "Fridge Removal"];
const TIMEOUT_MS = 10_000;

/**
 * One request on the mix's keep-alive agents; resolves with its status (0: failed, or not answered
 * within TIMEOUT_MS of `since`, waiting for a socket included) and its Set-Cookie.
 */
function send(
  bases,
  agents,
  accept,
  baseIndex,
  since,
  { method = "GET", pathname, headers = {}, body },
) {
  const url = new URL(bases[baseIndex] + pathname);
  return new Promise((resolve) => {
    const req = http.request(
      {
        agent: agents[baseIndex],
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers: {
          "accept-encoding": accept,
          ...(body ? { "content-length": Buffer.byteLength(body) } : {}),
          ...headers,
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode, setCookie: res.headers["set-cookie"] });
        });
        res.on("error", () => resolve({ status: 0 }));
        res.on("aborted", () => resolve({ status: 0 }));
      },
    );
    const timer = setTimeout(
      () => req.destroy(new Error("timeout")),
      since + TIMEOUT_MS - performance.now(),
    );
    req.on("error", () => {
      clearTimeout(timer);
      resolve({ status: 0 });
    });
    req.end(body);
  });
}

/**
 * Sends `rate` requests a second for `seconds` to the shops at `bases` (in turn): ~70% pages, ~22%
 * searches, ~8% a bag post and the checkout after it. The latencies and error counts by kind.
 */
export async function mixed({ bases, productIds, rate, seconds, accept }) {
  const mixPages = [
    "/",
    "/products",
    "/quote",
    "/blog",
    ...productIds.slice(0, 6).map((id) => `/product/${id}`),
  ];
  const agents = bases.map(() => new http.Agent({ keepAlive: true, maxSockets: 256 }));
  const request = (...args) => send(bases, agents, accept, ...args);
  const next = random(20);
  const samples = { page: [], search: [], "bag post": [], checkout: [] };
  const errors = { page: 0, search: 0, "bag post": 0, checkout: 0 };
  const ok = (status) => status >= 200 && status < 400;
  const record = (kind, since, status) => {
    samples[kind].push(performance.now() - since);
    if (!ok(status)) errors[kind]++;
  };
  const pick = (list) => list[Math.floor(next() * list.length)];
  const inflight = [];
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;

  async function fire(i, at) {
    const base = i % bases.length;
    const roll = next();
    if (roll < 0.7) {
      const { status } = await request(base, at, { pathname: pick(mixPages) });
      record("page", at, status);
    } else if (roll < 0.92) {
      const query = new URLSearchParams({ product_name: pick(SEARCH_TERMS) });
      if (next() < 0.5) query.set("product_category", pick(SEARCH_CATEGORIES));
      if (next() < 0.25) query.set("page", "2");
      const { status } = await request(base, at, { pathname: `/products?${query}` });
      record("search", at, status);
    } else {
      const id = pick(productIds.slice(0, 6));
      const posted = await request(base, at, {
        method: "POST",
        pathname: `/product/${id}`,
        headers: {
          origin: bases[base],
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ position: "outside", quantity: "1" }).toString(),
      });
      const cart = (posted.setCookie ?? [])
        .map((c) => c.split(";")[0])
        .find((c) => c.startsWith("cart="));
      record("bag post", at, posted.status === 303 && cart ? 303 : 0);
      // No bag, no checkout: the failure is counted once, as the bag post's.
      if (!cart) return;
      const sent = performance.now();
      const { status } = await request(base, sent, {
        pathname: "/checkout",
        headers: { cookie: cart },
      });
      record("checkout", sent, status === 200 ? status : 0);
    }
  }

  const start = performance.now() + 20;
  let i = 0;
  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      for (; i < total && start + i * interval <= now; i++) {
        inflight.push(fire(i, start + i * interval));
      }
      if (i >= total) return resolve();
      setTimeout(tick, Math.max(0, start + i * interval - performance.now()));
    };
    tick();
  });
  await Promise.all(inflight);
  for (const agent of agents) agent.destroy();
  return { samples, errors };
}

function percentile(sorted, q) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : 0;
}
export function summary(times, errorCount) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    count: sorted.length,
    errors: errorCount,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? 0,
  };
}
