import fs from "node:fs";
import path from "node:path";
import type { GoLiveFacts } from "~/lib/go-live";
import { BACKUP_NAME } from "~/services/backup.server";
import { config, DEMO_BUSINESS } from "~/services/config.server";
import { backupsFolder, db } from "~/services/db.server";
import { officeEmail } from "../messages/email-layout.server";
import { enqueueEmail } from "../messages/outbox.server";
import { deliverNow } from "../messages/outbox-worker.server";
import { BUSINESS_PROFILE_SETTING, businessProfile } from "./business-profile.server";
import { getSetting } from "./settings.server";
import { demoContentCount } from "./site-content.server";

/**
 * What "Before you go live" looks at (app/lib/go-live.ts decides what each means): the business's
 * saved details, the demo content, the configuration, the last test email and the newest backup.
 */

export const TEST_EMAIL_KIND = "test-email";

/** Card payments as the keys say: live (sk_live_/rk_live_), test, the demo gateway or off. */
function paymentsMode(): GoLiveFacts["payments"] {
  const { secretKey } = config().stripe;
  if (secretKey) return /^(sk|rk)_live_/.test(secretKey) ? "live" : "test";
  return config().isProduction ? "off" : "demo";
}

/** The newest backup `haulbook backup` wrote into the data folder's backups folder (docs/deploy.md). */
function newestBackup(folder: string): string | null {
  let names: string[];
  try {
    names = fs.readdirSync(folder).filter((name) => BACKUP_NAME.test(name));
  } catch {
    return null;
  }
  const newest = names.sort().at(-1);
  return newest ? fs.statSync(path.join(folder, newest)).mtime.toISOString() : null;
}

export async function goLiveFacts(now = new Date()): Promise<GoLiveFacts> {
  const cfg = config();
  const profile = businessProfile();
  const [saved, demoContent, testEmail] = await Promise.all([
    getSetting(BUSINESS_PROFILE_SETTING),
    demoContentCount(),
    db()
      .selectFrom("outbox")
      .select("sent_at")
      .where("kind", "=", TEST_EMAIL_KIND)
      .where("status", "=", "sent")
      .orderBy("sent_at", "desc")
      .executeTakeFirst(),
  ]);
  const folder = backupsFolder(cfg.dataDir);
  return {
    businessSaved: saved !== undefined,
    businessIsDemo:
      profile.name === DEMO_BUSINESS.name ||
      profile.email === DEMO_BUSINESS.email ||
      profile.wasteCarrierLicence === DEMO_BUSINESS.wasteCarrierLicence,
    demoContent,
    publicUrl: cfg.publicUrl,
    publicUrlSet: cfg.publicUrlSet,
    smtpSet: Boolean(cfg.smtpUrl),
    testEmailSentAt: testEmail?.sent_at ?? null,
    payments: paymentsMode(),
    backup:
      cfg.database.engine === "postgres"
        ? { engine: "postgres" }
        : { engine: "sqlite", newestAt: newestBackup(folder), folder },
    now,
  };
}

/** Sends a test email to the business's own address; answers whether the mail server took it. */
export async function sendTestEmail(now = new Date()): Promise<{ to: string; sent: boolean }> {
  const business = businessProfile();
  const id = await db()
    .transaction()
    .execute((trx) =>
      enqueueEmail(
        trx,
        officeEmail(TEST_EMAIL_KIND, `Test email from ${business.name}`, [
          `This is a test email from your shop, sent from Settings on ${now.toUTCString()}.`,
          "If you are reading it, your customers' confirmations, quotes and documents reach people too.",
        ]),
      ),
    );
  const sent = await deliverNow([id], 10_000);
  return { to: business.email, sent: sent.get(id) === true };
}
