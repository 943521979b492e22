import fs from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hugePng } from "../support/images";
import { quoteForm, sendQuote } from "../support/make";
import { startServer, type RunningServer } from "../support/server";

/**
 * Pictures that are small as files and huge as pixels ("decompression
 * bombs") must be refused from their header, cheaply, and while several
 * arrive at once the site must stay quick and its memory bounded.
 */

let nextHost = 0;
const newAddress = () => `198.18.${Math.floor(++nextHost / 250)}.${(nextHost % 250) + 1}`;

const VALID = {
  fullName: "Bomb Sender",
  email: "bomb@example.com",
  phoneNumber: "07700 900456",
  address1: "1 High Street",
  town: "Reading",
  postcode: "RG1 1AA",
  comments: "A sofa",
};

/** A JPEG header that claims 30000 × 30000 pixels (900 megapixels) in a few hundred bytes. */
async function jpegBomb() {
  const small = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#888" } })
    .jpeg()
    .toBuffer();
  const sof = small.indexOf(Buffer.from([0xff, 0xc0]));
  small.writeUInt16BE(30_000, sof + 5);
  small.writeUInt16BE(30_000, sof + 7);
  return small;
}

function memoryKb(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1]);
  return { rss: field("VmRSS"), peak: field("VmHWM") };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

describe("image bombs in quote requests", () => {
  let server: RunningServer;
  let png: Buffer;
  let jpeg: Buffer;
  beforeAll(async () => {
    [png, jpeg] = await Promise.all([hugePng(), jpegBomb()]);
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  const post = (form: FormData) => sendQuote(server, form, { from: newAddress() });
  // The photos go untyped: the server decides by their bytes.
  const untyped = (photos: { name: string; bytes: Uint8Array }[]) =>
    photos.map((p) => ({ ...p, type: "" }));

  it("refuses each kind with 400 and a message that names the file and its size", async () => {
    const cases = [
      [
        { name: "wall.png", bytes: png },
        "“wall.png” is 10000 × 10000 pixels (100 megapixels). Please send photos of at most 50 megapixels, as a phone camera takes them.",
      ],
      [
        { name: "sky.jpg", bytes: jpeg },
        "“sky.jpg” is 30000 × 30000 pixels (900 megapixels). Please send photos of at most 50 megapixels, as a phone camera takes them.",
      ],
    ] as const;
    for (const [photo, message] of cases) {
      const res = await post(quoteForm(VALID, untyped([photo])));
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(message);
    }
  });

  it("stays quick and bounded while four uploads of ten 100-megapixel photos arrive at once, over and over", async () => {
    const pid = server.process.pid!;
    const before = memoryKb(pid);
    const bombs = Array.from({ length: 10 }, (_, i) => ({ name: `bomb${i}.png`, bytes: png }));
    let stop = false;
    const statuses: number[] = [];
    const attacker = async () => {
      while (!stop) {
        // Half invalid (as in the report that found this), half with valid details.
        const fields = statuses.length % 2 ? { ...VALID, fullName: "" } : VALID;
        const res = await post(quoteForm(fields, untyped(bombs)));
        await res.arrayBuffer();
        statuses.push(res.status);
      }
    };
    const attackers = Array.from({ length: 4 }, attacker);
    await new Promise((r) => setTimeout(r, 300));

    const latencies: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      const res = await fetch(`${server.url}/healthz`);
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
      expect(res.status).toBe(200);
      await new Promise((r) => setTimeout(r, 100));
    }
    stop = true;
    await Promise.all(attackers);
    const after = memoryKb(pid);

    latencies.sort((a, b) => a - b);
    const p50 = percentile(latencies, 0.5);
    const max = latencies.at(-1)!;
    console.log(
      `image bombs: ${statuses.length} uploads of 10 × 100 Mpx (${Math.round((png.byteLength * 10) / 1024)} KB each), 4 at a time; ` +
        `/healthz p50 ${p50.toFixed(1)} ms, max ${max.toFixed(1)} ms; ` +
        `server RSS ${Math.round(before.rss / 1024)} → ${Math.round(after.rss / 1024)} MB, peak ${Math.round(after.peak / 1024)} MB`,
    );
    expect(statuses.length).toBeGreaterThanOrEqual(4);
    expect(statuses.every((s) => s === 400)).toBe(true);
    expect(p50).toBeLessThan(250);
    expect(max).toBeLessThan(1000);
    // Nothing is decoded: memory grows by the requests' own bytes, not by 100-megapixel images.
    expect(after.peak - before.rss).toBeLessThan(250 * 1024);
  }, 60_000);
});
