import { describe, expect, it } from "vitest";
import { goLiveItems, type GoLiveFacts } from "~/lib/go-live";

const NOW = new Date("2026-11-26T12:00:00Z");

const READY: GoLiveFacts = {
  businessSaved: true,
  businessIsDemo: false,
  demoContent: 0,
  publicUrl: "https://acme-clearances.co.uk",
  publicUrlSet: true,
  smtpSet: true,
  testEmailSentAt: "2026-11-25T09:30:00Z",
  payments: "live",
  backup: {
    engine: "sqlite",
    newestAt: "2026-11-26T02:30:00Z",
    folder: "/opt/haulbook/data/backups",
  },
  now: NOW,
};

const item = (facts: Partial<GoLiveFacts>, key: string) =>
  goLiveItems({ ...READY, ...facts }).find((i) => i.key === key)!;

describe("goLiveItems", () => {
  it("a ready shop has every item done, each saying what is the case", () => {
    const items = goLiveItems(READY);
    expect(items.map((i) => [i.key, i.done])).toEqual([
      ["business", true],
      ["demo", true],
      ["address", true],
      ["email", true],
      ["payments", true],
      ["backup", true],
    ]);
    expect(items.find((i) => i.key === "email")!.detail).toBe(
      "A test email reached your mail server on 25 November 2026 at 09:30.",
    );
    expect(items.find((i) => i.key === "backup")!.detail).toBe(
      "The newest backup in /opt/haulbook/data/backups is from 26 November 2026 at 02:30.",
    );
  });

  it.each([
    [
      { businessSaved: false },
      "business",
      "Not saved yet: pages, emails and documents show the starting details.",
    ],
    [
      { businessIsDemo: true },
      "business",
      "Some details are still the demo business's (its name, email or waste carrier registration).",
    ],
    [
      { demoContent: 9 },
      "demo",
      "The site shows 9 demo figures, reviews and blog posts that are not yours.",
    ],
    [
      { demoContent: 1 },
      "demo",
      "The site shows 1 demo item (a figure, review or blog post) that is not yours.",
    ],
    [
      { publicUrlSet: false, publicUrl: "http://localhost:3000" },
      "address",
      "PUBLIC_URL is not set: links in emails go to http://localhost:3000, which customers cannot open.",
    ],
    [
      { publicUrl: "http://acme.example" },
      "address",
      "PUBLIC_URL is http://acme.example: not a secure (https) address.",
    ],
    [
      { smtpSet: false },
      "email",
      "SMTP_URL is not set: emails are only written to files, never sent.",
    ],
    [{ testEmailSentAt: null }, "email", "No test email has been sent yet."],
    [
      { payments: "test" },
      "payments",
      "Stripe test keys: nobody is charged, and test cards are accepted.",
    ],
    [{ payments: "demo" }, "payments", "The demo payment page stands in: nobody is charged."],
    [
      { payments: "off" },
      "payments",
      "Card payment is off: the checkout asks customers to book by phone.",
    ],
    [
      { backup: { engine: "sqlite", newestAt: null, folder: "/data/backups" } },
      "backup",
      "There is no backup in /data/backups.",
    ],
    [
      { backup: { engine: "sqlite", newestAt: "2026-11-24T23:59:00Z", folder: "/data/backups" } },
      "backup",
      "The newest backup in /data/backups is from 24 November 2026 at 23:59.",
    ],
  ] as [Partial<GoLiveFacts>, string, string][])("%j: %s is to do: %s", (facts, key, detail) => {
    const found = item(facts, key);
    expect(found.done).toBe(false);
    expect(found.detail).toBe(detail);
    expect(found.fix).not.toBe("");
  });

  it("a backup 36 hours old is recent; one a minute older is not", () => {
    const at = (iso: string) =>
      item({ backup: { engine: "sqlite", newestAt: iso, folder: "/b" } }, "backup").done;
    expect(at("2026-11-25T00:00:00Z")).toBe(true);
    expect(at("2026-11-24T23:59:00Z")).toBe(false);
  });

  it("on PostgreSQL the backup is the database's own, and says so", () => {
    const found = item({ backup: { engine: "postgres" } }, "backup");
    expect(found.done).toBe(true);
    expect(found.detail).toContain("pg_dump");
  });
});
