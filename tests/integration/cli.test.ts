import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pkg from "../../package.json";
import { haulbook, haulbookAsync } from "../support/cli";
import { startFakeStripe, type FakeStripe } from "../support/fake-stripe";
import { COMMAND_PREFIX, expectedVersionLine } from "../support/program";
import { freePort, makeDataDir } from "../support/server";
import { startSmtp } from "../support/smtp";

/**
 * The owner's commands, run as the owner runs them (`node build/server.js
 * <command>`, which is what `./haulbook <command>` runs): what they print,
 * their exit codes, and what they leave on disk.
 */

const emptyFolder = (prefix = "haulbook-cli-") => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

function rows<T>(file: string, query: string): T[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare(query).all() as T[];
  } finally {
    db.close();
  }
}
const count = (file: string, table: string) =>
  rows<{ n: number }>(file, `SELECT count(*) AS n FROM ${table}`)[0]!.n;

describe("version and help", () => {
  it.each(["version", "--version"])(
    "%s prints the version, the commit and Node's version",
    (arg) => {
      const run = haulbook([arg], { dataDir: emptyFolder() });
      expect(run.status).toBe(0);
      // A build with uncommitted changes says so after the commit.
      expect(run.stdout.replace("+changes", "")).toBe(`${expectedVersionLine()}\n`);
    },
  );

  it.each(["help", "--help"])("%s lists every command, one line each", (arg) => {
    const run = haulbook([arg], { dataDir: emptyFolder() });
    expect(run.status).toBe(0);
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines[0]).toBe(
      `Haulbook ${pkg.version}. Usage: ${COMMAND_PREFIX} <command>, or no command to serve the shop.`,
    );
    const commands = lines.slice(2).map((line) => line.trim().split(" ")[0]);
    expect(commands).toEqual([
      "help",
      "version",
      "migrate",
      "admin",
      "backup",
      "restore",
      "copy",
      "check",
    ]);
    expect(run.stdout).toContain(
      "  admin create|reset-password|sign-out-everywhere <username> [--password-stdin]",
    );
    expect(run.stdout).toMatch(/^ {2}backup <file \| folder\/> \[--keep N\] {2}\S/m);
  });

  it("an unknown command exits 2 and points at --help", () => {
    const dataDir = emptyFolder();
    const run = haulbook(["frobnicate"], { dataDir });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe("Unknown command: frobnicate. Try --help.\n");
    expect(run.stdout).toBe("");
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });
});

describe("migrate", () => {
  it("migrates an empty folder, then says it is up to date", () => {
    const dataDir = emptyFolder();
    const file = path.join(dataDir, "haulbook.db");
    const first = haulbook(["migrate"], { dataDir });
    expect(first.status).toBe(0);
    expect(first.stdout.trimEnd().split("\n")).toEqual([
      `${file}: applied 0001_initial`,
      `${file}: applied 0002_rate_limits`,
      `${file}: applied 0003_order_search_indexes`,
      `${file}: applied 0004_payments`,
      `${file}: applied 0005_staff_sessions`,
      `${file}: applied 0006_hardening_payments`,
      `${file}: applied 0007_quote_prices`,
      `${file}: applied 0008_waste_classes`,
      `${file}: applied 0009_job_completions`,
      `${file}: applied 0010_manage_links`,
      `${file}: applied 0011_cancellations`,
      `${file}: applied 0012_changes_and_schedule`,
      `${file}: applied 0013_loads_and_fleet`,
      `${file}: applied 0014_arrival_windows`,
      `${file}: applied 0015_shared_pages`,
      `${file}: applied 0016_day_fill_indexes`,
      `${file}: applied 0017_refused_payments`,
      `${file}: applied 0018_pending_uploads`,
      `${file}: applied 0019_site_content`,
      `${file}: applied 0020_blog_posts`,
      `${file}: applied 0021_more_site_content`,
      `${file}: applied 0022_area_surcharges`,
      `${file}: applied 0023_payment_links`,
      `${file}: applied 0024_inbox`,
      `${file}: applied 0025_job_extras`,
      `${file}: applied 0026_extras_links_and_banking`,
      `${file}: applied 0027_waste_facts`,
      `${file}: applied 0028_receiving_sites`,
      `${file}: applied 0029_waste_line_weights`,
      `${file}: applied 0030_tip_runs`,
      `${file}: applied 0031_completion_vehicle`,
      `${file}: applied 0032_tip_run_handoff`,
      `${file}: applied 0033_waste_line_facts`,
      `${file}: applied 0034_staff_roles`,
      `${file}: applied 0035_postcode_places`,
      `${file}: applied 0036_on_my_way`,
      `${file}: applied 0037_vans`,
    ]);
    expect(count(file, "kysely_migration")).toBe(37);

    const second = haulbook(["migrate"], { dataDir });
    expect(second.status).toBe(0);
    expect(second.stdout).toBe(`${file}: already up to date\n`);
    // Nothing to go back to on a new database: no copy was written.
    expect(fs.existsSync(path.join(dataDir, "backups"))).toBe(false);
  });
});

const BACKUP_LINE =
  /^Backed up to (\S+): ([\d.]+ [KMG]?B) in (\d+ ms|[\d.]+ s); orders (\d+), quotes (\d+), products (\d+)\n/;

describe("backup", () => {
  let dataDir: string;
  let live: string;
  beforeAll(() => {
    dataDir = makeDataDir(true);
    live = path.join(dataDir, "haulbook.db");
  });

  it("writes a checked copy to a file, mode 0600, and reports its size, time and counts", () => {
    const target = path.join(emptyFolder(), "nightly.db");
    const run = haulbook(["backup", target], { dataDir });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const [, file, size, , orders, quotes, products] = BACKUP_LINE.exec(run.stdout) ?? [];
    expect(file).toBe(target);
    expect(size).toMatch(/ (KB|MB)$/);
    expect(Number(products)).toBe(count(live, "products"));
    expect(Number(products)).toBeGreaterThanOrEqual(45);
    expect(Number(orders)).toBe(count(live, "orders"));
    expect(Number(quotes)).toBe(count(live, "quotes"));

    expect(fs.statSync(target).mode & 0o777).toBe(0o600);
    expect(rows(target, "PRAGMA integrity_check")).toEqual([{ integrity_check: "ok" }]);
    expect(count(target, "images")).toBe(count(live, "images"));
    expect(count(target, "kysely_migration")).toBe(37);
    // Only the backup is in its folder: no temporary file was left behind.
    expect(fs.readdirSync(path.dirname(target))).toEqual(["nightly.db"]);
  });

  it("refuses to overwrite a file, and leaves it as it was", () => {
    const folder = emptyFolder();
    const target = path.join(folder, "keep-me.db");
    fs.writeFileSync(target, "the owner's own file");
    const run = haulbook(["backup", target], { dataDir });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      `Refused: ${target} already exists (a backup never overwrites a file). Choose another name, or a folder.\n`,
    );
    expect(fs.readFileSync(target, "utf8")).toBe("the owner's own file");
    expect(fs.readdirSync(folder)).toEqual(["keep-me.db"]);
  });

  it("names a backup into a folder by the UTC time, and --keep N keeps the newest N of them", () => {
    const folder = emptyFolder();
    const old = [
      "haulbook-20251120-020000.db",
      "haulbook-20251121-020000.db",
      "haulbook-20251122-020000.db",
    ];
    for (const name of old) fs.writeFileSync(path.join(folder, name), "an older backup");
    fs.writeFileSync(path.join(folder, "notes.txt"), "not a backup");
    fs.writeFileSync(path.join(folder, "haulbook-before-move.db"), "not one of ours");

    const before = new Date();
    const run = haulbook(["backup", folder, "--keep", "2"], { dataDir });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const lines = run.stdout.trimEnd().split("\n");
    const file = BACKUP_LINE.exec(lines[0] + "\n")?.[1] ?? "";
    expect(path.dirname(file)).toBe(folder);
    const stamp = /^haulbook-(\d{4})(\d\d)(\d\d)-(\d\d)(\d\d)(\d\d)\.db$/.exec(path.basename(file));
    expect(stamp).not.toBeNull();
    const [, y, mo, d, h, mi, s] = stamp!.map(Number);
    const when = Date.UTC(y!, mo! - 1, d, h, mi, s);
    expect(when).toBeGreaterThanOrEqual(Math.floor(before.getTime() / 1000) * 1000);
    expect(when).toBeLessThanOrEqual(Date.now());

    expect(lines.slice(1)).toEqual([
      `Removed ${path.join(folder, old[0]!)} (keeping the newest 2)`,
      `Removed ${path.join(folder, old[1]!)} (keeping the newest 2)`,
    ]);
    expect(fs.readdirSync(folder).sort()).toEqual(
      [path.basename(file), old[2]!, "notes.txt", "haulbook-before-move.db"].sort(),
    );
    expect(count(file, "products")).toBe(count(live, "products"));
  });

  it("creates a folder named with a trailing slash, and refuses --keep with a file", () => {
    const parent = emptyFolder();
    const run = haulbook(["backup", path.join(parent, "nightly") + "/", "--keep=7"], { dataDir });
    expect(run.status).toBe(0);
    const made = fs.readdirSync(path.join(parent, "nightly"));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatch(/^haulbook-\d{8}-\d{6}\.db$/);
    expect(fs.statSync(path.join(parent, "nightly")).mode & 0o777).toBe(0o700);

    const file = haulbook(["backup", path.join(parent, "one.db"), "--keep", "3"], { dataDir });
    expect(file.status).toBe(2);
    expect(file.stderr).toContain("--keep rotates the backups in a folder");
    expect(fs.existsSync(path.join(parent, "one.db"))).toBe(false);

    for (const args of [[], ["a.db", "b.db"], ["x/", "--keep", "0"], ["x/", "--keep"]]) {
      const wrong = haulbook(["backup", ...args], { dataDir });
      expect(wrong.status).toBe(2);
      expect(wrong.stderr).toContain(`Usage: ${COMMAND_PREFIX} backup <file | folder/> [--keep N]`);
    }
  });

  it("says there is nothing to back up when there is no database, and creates none", () => {
    const empty = emptyFolder();
    const target = path.join(emptyFolder(), "x.db");
    const run = haulbook(["backup", target], { dataDir: empty });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      `No database at ${path.join(empty, "haulbook.db")}: nothing to back up.\n`,
    );
    expect(fs.existsSync(target)).toBe(false);
    expect(fs.existsSync(path.join(empty, "haulbook.db"))).toBe(false);
  });
});

describe("check", () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let stripe: FakeStripe;
  let dataDir: string;
  beforeAll(async () => {
    smtp = await startSmtp();
    stripe = await startFakeStripe();
    dataDir = makeDataDir(true);
  });
  afterAll(async () => {
    await smtp?.close();
    await stripe?.close();
  });

  const env = (extra: Record<string, string> = {}) => ({
    // STRIPE_API_BASE (the fake Stripe) is honoured only under NODE_ENV=test.
    NODE_ENV: "test",
    PUBLIC_URL: "https://www.haulbook.example",
    SMTP_URL: smtp.url,
    STRIPE_SECRET_KEY: "sk_test_check_ok_1234",
    STRIPE_PUBLISHABLE_KEY: "pk_test_check_ok",
    STRIPE_WEBHOOK_SECRET: "whsec_check_ok",
    STRIPE_API_BASE: stripe.url,
    ...extra,
  });

  it("prints one ok line per check and exits 0 when everything answers", async () => {
    // Async: the SMTP server and the fake Stripe answer from this very process.
    const run = await haulbookAsync(["check"], { dataDir, env: env() });
    expect(run.stderr).toBe("");
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(12);
    expect(lines[0]).toBe(
      `ok   config: data folder ${dataDir}; PUBLIC_URL https://www.haulbook.example`,
    );
    expect(lines[1]).toMatch(
      new RegExp(
        `^ok {3}database: ${path.join(dataDir, "haulbook.db")}, [\\d.]+ [KM]B, quick_check ok, 0 migrations pending$`,
      ),
    );
    expect(lines[2]).toMatch(
      /^(ok {3}|warn )disk: [\d.]+ [KMGT]?B free of [\d.]+ [KMGT]?B \(\d+%\)/,
    );
    expect(lines[3]).toBe(`ok   files: ${dataDir} and its files are private to this user`);
    expect(lines[4]).toBe(
      `ok   smtp: smtp://127.0.0.1:${smtp.port} answered and accepts mail from us`,
    );
    expect(lines[5]).toBe("ok   stripe: test key accepted by Stripe; webhook secret set");
    // Then "Before you go live", as the dashboard shows it: warnings, not failures.
    expect(lines.slice(6)).toEqual([
      "warn go live: your business's details: Not saved yet: pages, emails and documents show the starting details. Enter your name, contacts, waste carrier and VAT registration in Settings → Your business.",
      "warn go live: demo content removed: The site shows 56 demo figures, reviews and blog posts that are not yours. Replace or remove them in Content (Remove the demo content).",
      "ok   go live: the shop's web address: Links in emails go to https://www.haulbook.example.",
      "warn go live: emails reach your customers: No test email has been sent yet. Send a test email from Settings (Before you go live) and check it arrives.",
      "warn go live: card payments are live: Stripe test keys: nobody is charged, and test cards are accepted. Put your live Stripe keys and webhook secret in the settings file (docs/deploy.md, step 7) and restart.",
      `warn go live: a recent backup: There is no backup in ${path.join(dataDir, "backups")}. Turn on the nightly backup: sudo systemctl enable --now haulbook-backup.timer (docs/deploy.md, Backups).`,
    ]);
    expect(run.status).toBe(0);
    // The key was really tried against (the fake) Stripe.
    expect(stripe.balanceReads().at(-1)?.apiKey).toBe("sk_test_check_ok_1234");
  });

  it("prints FAIL and exits 1 when the SMTP server does not answer", async () => {
    const closed = await freePort();
    const run = await haulbookAsync(["check"], {
      dataDir,
      env: env({ SMTP_URL: `smtp://mailer:secret-pass@127.0.0.1:${closed}` }),
    });
    expect(run.status).toBe(1);
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(12);
    expect(lines[4]).toMatch(
      new RegExp(`^FAIL smtp: smtp://127\\.0\\.0\\.1:${closed}: .*ECONNREFUSED`),
    );
    // The other checks still ran, and the password never shows.
    expect(lines[5]).toMatch(/^ok {3}stripe:/);
    expect(run.stdout).not.toContain("secret-pass");
  });

  it("prints FAIL when Stripe refuses the key", async () => {
    stripe.rejectKey("sk_test_revoked_9999");
    const run = await haulbookAsync(["check"], {
      dataDir,
      env: env({ STRIPE_SECRET_KEY: "sk_test_revoked_9999" }),
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(
      "FAIL stripe: the key was not accepted: Invalid API Key provided: sk_test_****9999",
    );
  });

  it("warns when emails and card payments are off, without failing", async () => {
    const run = await haulbookAsync(["check"], { dataDir, env: { NODE_ENV: "production" } });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(
      `warn smtp: SMTP_URL not set: emails are off (written as .eml files under ${dataDir}/outbox/, not sent)`,
    );
    expect(run.stdout).toContain(
      "warn stripe: STRIPE_SECRET_KEY not set: card payment is off (checkout says to book by phone)",
    );
    expect(run.stdout).toContain(
      "PUBLIC_URL not set (links in emails point to http://localhost:3000)",
    );
  });

  it("fails the database check on a damaged file and the config check on a bad variable", async () => {
    const damaged = makeDataDir(true);
    const file = path.join(damaged, "haulbook.db");
    // Scribble over the middle of the file (pages of the catalogue's tables and indexes).
    const fd = fs.openSync(file, "r+");
    const size = fs.statSync(file).size;
    fs.writeSync(
      fd,
      Buffer.alloc(64 * 1024, 0x5a),
      0,
      64 * 1024,
      Math.floor(size / 2 / 4096) * 4096,
    );
    fs.closeSync(fd);
    const broken = await haulbookAsync(["check"], {
      dataDir: damaged,
      env: { NODE_ENV: "production" },
    });
    expect(broken.status).toBe(1);
    expect(broken.stdout).toMatch(/^FAIL database: /m);

    const config = await haulbookAsync(["check"], { dataDir, env: { PORT: "eighty" } });
    expect(config.status).toBe(1);
    expect(config.stdout).toBe(
      'FAIL config: Invalid PORT ("eighty"): Invalid input: expected number, received NaN\n',
    );
  });
});
