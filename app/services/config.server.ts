import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { normaliseCarrierRegistration } from "~/lib/business-profile";
import { makePrivateFolder, writePrivateFile } from "./private-files.server";

/**
 * Every environment variable the server reads, checked once at start.
 * A bad value stops the server with one line naming the variable.
 */
const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const booleanText = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .optional()
  .transform((value) =>
    value === undefined || value === "" ? undefined : ["true", "1", "yes"].includes(value),
  );

/** postgres:// or postgresql://, and a URL pg can read (host may be empty: a unix socket via ?host=). */
function isPostgresUrl(value: string): boolean {
  if (!/^postgres(ql)?:\/\//.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9.:-]+$/, {
        message: "must be an address to listen on, such as 127.0.0.1 or 0.0.0.0",
      })
      .optional(),
  ),
  TRUST_PROXY: optionalText.pipe(
    z
      .string()
      .regex(/^(true|false|\d{1,2}|[A-Za-z0-9.:/, -]+)$/, {
        message:
          "must be false, a number of proxy hops, or addresses such as loopback or 10.0.0.0/8",
      })
      .optional(),
  ),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .refine((value) => value.startsWith("file:") || isPostgresUrl(value), {
        message:
          "must be file:<path> (SQLite, for example file:./data/haulbook.db) or postgres://user:password@host:5432/database",
      })
      .optional(),
  ),
  /** PostgreSQL only: how many connections the server keeps open at most. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  SESSION_SECRET: optionalText.pipe(
    z.string().min(32, { message: "must be at least 32 characters" }).optional(),
  ),
  ADMIN_USERNAME: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_.-]{3,40}$/, {
        message: "must be 3-40 letters, digits, dots, dashes or underscores",
      })
      .optional(),
  ),
  ADMIN_PASSWORD: optionalText.pipe(
    z.string().min(12, { message: "must be at least 12 characters" }).optional(),
  ),
  STRIPE_SECRET_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_/, {
        message: "must start with sk_test_, sk_live_, rk_test_ or rk_live_",
      })
      .optional(),
  ),
  STRIPE_PUBLISHABLE_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^pk_(test|live)_/, { message: "must start with pk_test_ or pk_live_" })
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optionalText.pipe(
    z.string().startsWith("whsec_", { message: "must start with whsec_" }).optional(),
  ),
  /** Tests only: where the stripe SDK sends its requests (a fake Stripe server). */
  STRIPE_API_BASE: optionalText.pipe(
    z.url({ protocol: /^https?$/, error: "must be an http(s):// URL" }).optional(),
  ),
  /** Tests only: a file holding the time the schedule runs by (services/clock.server.ts). */
  TEST_CLOCK_FILE: optionalText.pipe(z.string().optional()),
  SMTP_URL: optionalText.pipe(
    z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  ),
  MAIL_FROM: optionalText.pipe(z.string().optional()),
  BUSINESS_EMAIL: optionalText.pipe(z.email({ error: "must be an email address" }).optional()),
  BUSINESS_NAME: optionalText.pipe(z.string().max(80).optional()),
  BUSINESS_PHONE: optionalText.pipe(
    z
      .string()
      .regex(/^[0-9 +()-]{7,20}$/, { message: "must be a phone number" })
      .optional(),
  ),
  BUSINESS_ADDRESS: optionalText.pipe(z.string().max(200).optional()),
  WASTE_CARRIER_LICENCE: optionalText.pipe(
    z
      .string()
      .refine((text) => normaliseCarrierRegistration(text) !== null, {
        message: "must be a waste carrier registration such as CBDU123456",
      })
      .optional(),
  ),
  /** The UK VAT registration number, printed on quotes and receipts; empty when not VAT registered. */
  VAT_NUMBER: z
    .string()
    .optional()
    .transform((value) => (value ?? "").replace(/\s+/g, "").toUpperCase())
    .pipe(
      z.string().regex(/^(|GB\d{9}|GB\d{12}|GBGD\d{3}|GBHA\d{3})$/, {
        message:
          "must be a UK VAT registration number such as GB123456789 (or empty when not VAT registered)",
      }),
    ),
  SEED_DEMO: booleanText,
  /** The owner's SMS provider: an HTTP API taking `{ to, message }` as JSON (services/sms.server.ts). */
  SMS_URL: optionalText.pipe(
    z.url({ protocol: /^https?$/, error: "must be an http(s):// URL" }).optional(),
  ),
  SMS_TOKEN: optionalText.pipe(z.string().optional()),
  /** A postcodes.io-compatible service (https://api.postcodes.io, or one run by the owner): puts the run sheet in road order. */
  POSTCODES_URL: optionalText.pipe(
    z.url({ protocol: /^https?$/, error: "must be an http(s):// URL" }).optional(),
  ),
  PUBLIC_URL: optionalText.pipe(
    z
      .url({
        protocol: /^https?$/,
        error: "must be the site's address, such as https://www.example.co.uk",
      })
      .optional(),
  ),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env["NODE_ENV"];
  isProduction: boolean;
  port: number;
  /** the address to listen on (HOST) */
  host: string;
  /** Express "trust proxy": whose X-Forwarded-For / -Proto to believe (TRUST_PROXY) */
  trustProxy: boolean | number | string;
  dataDir: string;
  /** which engine holds the shop's data (DATABASE_URL): SQLite in the data folder by default */
  database: DatabaseConfig;
  /** SQLite's file (the database commands, backups, the copy before an upgrade); undefined on PostgreSQL */
  databasePath: string | undefined;
  /** signs cookies and keys: SESSION_SECRET, else (SQLite only) a secret kept in the data folder; "" on PostgreSQL without one */
  sessionSecret: string;
  admin: { username?: string; password?: string };
  stripe: {
    secretKey?: string;
    publishableKey?: string;
    webhookSecret?: string;
    /** tests only (NODE_ENV=test): the fake Stripe server's address */
    apiBase?: string;
  };
  /** tests only (NODE_ENV=test): the file the schedule's clock reads (services/clock.server.ts) */
  testClockFile?: string;
  smtpUrl?: string;
  /** MAIL_FROM when set; else emails come from the business's name and email (outbox) */
  mailFrom: string | undefined;
  seedDemo: boolean;
  /** the site's address, for links in emails (no trailing slash) */
  publicUrl: string;
  /** POSTCODES_URL (no trailing slash): where postcodes become places; undefined: no lookups */
  postcodesUrl: string | undefined;
  /** SMS_URL and SMS_TOKEN: the provider "on my way" texts go through; undefined: email only */
  sms: { url: string; token: string | undefined } | undefined;
  /** whether PUBLIC_URL was set (else publicUrl is a localhost guess) */
  publicUrlSet: boolean;
  /** the business until staff save its details in Settings (app/models/shop/business-profile.server.ts) */
  startingBusiness: {
    name: string;
    phone: string;
    email: string;
    address: string;
    wasteCarrierLicence: string;
    /** the UK VAT registration number (VAT_NUMBER) without spaces, "" when not VAT registered */
    vatNumber: string;
  };
}

export type DatabaseConfig =
  | { engine: "sqlite"; path: string }
  | {
      engine: "postgres";
      url: string;
      /** most connections open at once (DATABASE_POOL_SIZE) */
      poolSize: number;
    };

/** The database for logs and messages: SQLite's file, or PostgreSQL's URL without its password. */
export function describeDatabase(database: DatabaseConfig): string {
  if (database.engine === "sqlite") return database.path;
  const url = new URL(database.url);
  if (url.password) url.password = "***";
  return `PostgreSQL ${url.toString()}`;
}

export class ConfigError extends Error {}

/** The demo business's details: what a shop shows until its own are set ("Before you go live" asks for them). */
export const DEMO_BUSINESS = {
  name: "Haulbook Waste Removal",
  email: "bookings@haulbook.example",
  wasteCarrierLicence: "CBDU000000",
} as const;

/** Turns zod's issues into one readable line per variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? "environment");
    const value = source[name];
    return `Invalid ${name}${value === undefined ? "" : ` (${JSON.stringify(value)})`}: ${issue.message}`;
  });
  throw new ConfigError(lines.join("\n"));
}

/** TRUST_PROXY → Express's "trust proxy": true/false, a hop count, or a list of addresses. */
export function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined) return "loopback";
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

const SECRET_FILE = "session-secret";

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, SECRET_FILE);
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const secret = crypto.randomBytes(32).toString("base64url");
  // wx: never overwrite a secret another process wrote first.
  try {
    writePrivateFile(file, secret + "\n", "wx");
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST")
      return fs.readFileSync(file, "utf8").trim();
    throw error;
  }
}

/** Builds the configuration: validates, creates DATA_DIR, and loads or generates the session secret. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const env = parseEnv(source);
  if (env.STRIPE_API_BASE && env.NODE_ENV !== "test")
    throw new ConfigError("Invalid STRIPE_API_BASE: it is only honoured when NODE_ENV=test");
  if (env.TEST_CLOCK_FILE && env.NODE_ENV !== "test")
    throw new ConfigError("Invalid TEST_CLOCK_FILE: it is only honoured when NODE_ENV=test");
  const dataDir = path.resolve(env.DATA_DIR);
  makePrivateFolder(dataDir);
  let database: DatabaseConfig;
  if (env.DATABASE_URL && isPostgresUrl(env.DATABASE_URL)) {
    database = { engine: "postgres", url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE };
  } else {
    const file = env.DATABASE_URL
      ? path.resolve(env.DATABASE_URL.slice("file:".length))
      : path.join(dataDir, "haulbook.db");
    makePrivateFolder(path.dirname(file));
    database = { engine: "sqlite", path: file };
  }
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === "production",
    port: env.PORT,
    host: env.HOST ?? "127.0.0.1",
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    dataDir,
    database,
    databasePath: database.engine === "sqlite" ? database.path : undefined,
    // On PostgreSQL every process must share one secret, so it comes from the environment
    // (the server refuses to start without it); a secret file in one machine's data folder would not do.
    sessionSecret:
      env.SESSION_SECRET ?? (database.engine === "postgres" ? "" : readOrCreateSecret(dataDir)),
    admin: { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD },
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      apiBase: env.STRIPE_API_BASE,
    },
    testClockFile: env.NODE_ENV === "test" ? env.TEST_CLOCK_FILE : undefined,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    seedDemo: env.SEED_DEMO ?? true,
    publicUrlSet: Boolean(env.PUBLIC_URL),
    postcodesUrl: env.POSTCODES_URL?.replace(/\/+$/, ""),
    sms: env.SMS_URL ? { url: env.SMS_URL, token: env.SMS_TOKEN } : undefined,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT || 3000}`).replace(/\/+$/, ""),
    startingBusiness: {
      name: env.BUSINESS_NAME ?? DEMO_BUSINESS.name,
      phone: env.BUSINESS_PHONE ?? "020 7946 0321",
      email: env.BUSINESS_EMAIL ?? DEMO_BUSINESS.email,
      address: env.BUSINESS_ADDRESS ?? "Unit 4, Riverside Yard, 12 Wharf Road, London N1 7GR",
      wasteCarrierLicence: (
        env.WASTE_CARRIER_LICENCE ?? DEMO_BUSINESS.wasteCarrierLicence
      ).toUpperCase(),
      vatNumber: env.VAT_NUMBER,
    },
  };
}

let current: Config | undefined;

/** The process-wide configuration, loaded on first use. */
export function config(): Config {
  current ??= loadConfig();
  return current;
}

/** The site's address for links that leave and come back (payment return pages): PUBLIC_URL, else this request's origin. */
export function siteUrl(request: Request): string {
  const { publicUrl, publicUrlSet } = config();
  return publicUrlSet ? publicUrl : new URL(request.url).origin;
}
