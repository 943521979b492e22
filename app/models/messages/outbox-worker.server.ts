import { config } from "~/services/config.server";
import { closeMailer, sendMail, type MailMessage } from "~/services/mailer.server";
import { refreshBusinessProfile } from "../shop/business-profile.server";
import {
  claimNextEmail,
  emailStatuses,
  markEmailFailedAttempt,
  markEmailSent,
  recoverInterruptedEmails,
} from "./outbox.server";

/**
 * The loop that empties the outbox: a background pass every two seconds
 * retries failures with backoff; nothing is lost across restarts because the
 * outbox table is the queue. Each email is marked "sending" before the SMTP
 * call and "sent" straight after the server's 250
 * (docs/decisions/013-email-exactly-once.md). Old rate-limit attempts are
 * pruned by the schedule (schedule-runner.server.ts).
 */

const POLL_MS = 2_000;

/** Who emails come from: MAIL_FROM when the owner set it, else the business as it is now. */
async function sender(): Promise<MailMessage["from"]> {
  const { mailFrom } = config();
  if (mailFrom) return mailFrom;
  const business = await refreshBusinessProfile();
  return { name: business.name, address: business.email };
}

let running: Promise<void> | undefined;
let again = false;

/** Sends everything due now. Runs one pass at a time; a call during a pass queues one more. */
function deliverDue(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    do {
      again = false;
      const from = await sender();
      // Emails that fail go back to pending with a later attempt time, so the loop ends.
      for (let email = await claimNextEmail(); email; email = await claimNextEmail()) {
        let sent = false;
        try {
          await sendMail({ ...email, from });
          sent = true;
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          console.error(
            `[mail] could not send #${email.id} (${email.kind}) to ${email.to}: ${reason}`,
          );
          await markEmailFailedAttempt(email.id, email.attempts, reason);
        }
        // Straight after the server's 250: the only moment a crash can make a resend.
        if (sent) await markEmailSent(email.id);
      }
    } while (again);
  })().finally(() => {
    running = undefined;
  });
  return running;
}

/**
 * Tries to send these emails now, waiting at most `timeoutMs`; says which
 * were handed to the transport. The rest stay queued for the loop.
 */
export async function deliverNow(
  ids: readonly number[],
  timeoutMs = 2_500,
): Promise<Map<number, boolean>> {
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, timeoutMs).unref());
  await Promise.race([deliverDue().catch(() => undefined), timeout]);
  const statuses = await emailStatuses(ids);
  return new Map(ids.map((id) => [id, statuses.get(id) === "sent"]));
}

let timer: NodeJS.Timeout | undefined;

export function startOutbox(): void {
  if (timer) return;
  timer = setInterval(() => {
    deliverDue().catch((error) => console.error("[mail] outbox pass failed:", error));
  }, POLL_MS);
  timer.unref();
  void recoverInterruptedEmails(new Date())
    .then((count) => {
      if (count > 0)
        console.log(`[mail] ${count} email(s) were cut short by a restart: sending again`);
      return deliverDue();
    })
    .catch((error) => console.error("[mail] outbox pass failed:", error));
}

export async function stopOutbox(): Promise<void> {
  if (timer) clearInterval(timer);
  timer = undefined;
  await running?.catch(() => undefined);
  closeMailer();
}
