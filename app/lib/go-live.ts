/**
 * "Before you go live" (docs/rules.md#going-live): what a shop needs before it takes real
 * customers, each item with what to do about it. One rule (goLiveItems) for the dashboard's panel
 * and `haulbook check`.
 */

export interface GoLiveFacts {
  /** staff have saved the business's details in Settings */
  businessSaved: boolean;
  /** the details still carry the demo business's name, email or registration */
  businessIsDemo: boolean;
  /** demo figures, reviews and hashtag left (Content) */
  demoContent: number;
  publicUrl: string;
  publicUrlSet: boolean;
  smtpSet: boolean;
  /** when a test email from Settings last reached the mail server (ISO), or null */
  testEmailSentAt: string | null;
  /** card payments: live Stripe keys, test keys, the demo gateway, or off */
  payments: "live" | "test" | "demo" | "off";
  /** SQLite: the newest backup in the data folder's backups folder (ISO), or null; PostgreSQL: its own */
  backup: { engine: "sqlite"; newestAt: string | null; folder: string } | { engine: "postgres" };
  now: Date;
}

export interface GoLiveItem {
  key: "business" | "demo" | "address" | "email" | "payments" | "backup";
  title: string;
  done: boolean;
  /** what is the case now */
  detail: string;
  /** what to do, when not done */
  fix: string;
}

/** A backup older than this is not "recent": the nightly backup has stopped. */
export const BACKUP_FRESH_HOURS = 36;

/** "26 November 2026, 02:30" in UK time. */
function when(iso: string): string {
  return new Date(iso).toLocaleString("en-GB", {
    timeZone: "Europe/London",
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });
}

export function goLiveItems(facts: GoLiveFacts): GoLiveItem[] {
  const items: GoLiveItem[] = [];
  const businessDone = facts.businessSaved && !facts.businessIsDemo;
  items.push({
    key: "business",
    title: "Your business's details",
    done: businessDone,
    detail: businessDone
      ? "Saved in Settings: every page, email and document shows them."
      : facts.businessSaved
        ? "Some details are still the demo business's (its name, email or waste carrier registration)."
        : "Not saved yet: pages, emails and documents show the starting details.",
    fix: "Enter your name, contacts, waste carrier and VAT registration in Settings → Your business.",
  });
  items.push({
    key: "demo",
    title: "Demo content removed",
    done: facts.demoContent === 0,
    detail:
      facts.demoContent === 0
        ? "The site shows only your own figures, reviews and blog posts."
        : facts.demoContent === 1
          ? "The site shows 1 demo item (a figure, review or blog post) that is not yours."
          : `The site shows ${facts.demoContent} demo figures, reviews and blog posts that are not yours.`,
    fix: "Replace or remove them in Content (Remove the demo content).",
  });
  const https = facts.publicUrlSet && facts.publicUrl.startsWith("https://");
  items.push({
    key: "address",
    title: "The shop's web address",
    done: https,
    detail: https
      ? `Links in emails go to ${facts.publicUrl}.`
      : facts.publicUrlSet
        ? `PUBLIC_URL is ${facts.publicUrl}: not a secure (https) address.`
        : `PUBLIC_URL is not set: links in emails go to ${facts.publicUrl}, which customers cannot open.`,
    fix: "Set PUBLIC_URL=https://your.domain in the shop's settings file (docs/deploy.md, step 5) and restart.",
  });
  const emailDone = facts.smtpSet && facts.testEmailSentAt !== null;
  items.push({
    key: "email",
    title: "Emails reach your customers",
    done: emailDone,
    detail: !facts.smtpSet
      ? "SMTP_URL is not set: emails are only written to files, never sent."
      : facts.testEmailSentAt
        ? `A test email reached your mail server on ${when(facts.testEmailSentAt)}.`
        : "No test email has been sent yet.",
    fix: facts.smtpSet
      ? "Send a test email from Settings (Before you go live) and check it arrives."
      : "Set SMTP_URL to your mail provider's server (docs/deploy.md, step 8), restart, then send a test email.",
  });
  const paymentsDetail = {
    live: "Live Stripe keys: customers pay by card.",
    test: "Stripe test keys: nobody is charged, and test cards are accepted.",
    demo: "The demo payment page stands in: nobody is charged.",
    off: "Card payment is off: the checkout asks customers to book by phone.",
  }[facts.payments];
  items.push({
    key: "payments",
    title: "Card payments are live",
    done: facts.payments === "live",
    detail: paymentsDetail,
    fix: "Put your live Stripe keys and webhook secret in the settings file (docs/deploy.md, step 7) and restart.",
  });
  if (facts.backup.engine === "postgres")
    items.push({
      key: "backup",
      title: "A recent backup",
      done: true,
      detail:
        "PostgreSQL keeps its own backups: check that yours run (pg_dump or your provider's).",
      fix: "",
    });
  else {
    const newest = facts.backup.newestAt;
    const ageHours = newest ? (facts.now.getTime() - Date.parse(newest)) / 3_600_000 : Infinity;
    items.push({
      key: "backup",
      title: "A recent backup",
      done: ageHours <= BACKUP_FRESH_HOURS,
      detail: newest
        ? `The newest backup in ${facts.backup.folder} is from ${when(newest)}.`
        : `There is no backup in ${facts.backup.folder}.`,
      fix: "Turn on the nightly backup: sudo systemctl enable --now haulbook-backup.timer (docs/deploy.md, Backups).",
    });
  }
  return items;
}
