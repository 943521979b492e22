import { z } from "zod";
import { config } from "~/services/config.server";
import { db } from "~/services/db.server";
import { officeEmail } from "./email-layout.server";
import { enqueueEmail, type OutgoingEmail } from "./outbox.server";

/**
 * The footer contact form (docs/rules.md#the-inbox): each message is kept in the dashboard's
 * inbox, where the office answers it, and a copy goes to the office by email through the outbox
 * (which tries again until the mail server takes it), so a lead is not lost to a passing fault.
 */
export const contactSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Please enter your name")
    .max(100, "Please keep your name under 100 characters"),
  email: z.email("Please enter a valid email address").trim().max(200),
  message: z
    .string()
    .trim()
    .min(1, "Please write a message")
    .max(2000, "Please keep your message under 2,000 characters"),
});
export type ContactMessage = z.infer<typeof contactSchema>;

/** The office's copy of a message from the contact form. */
export function contactMessageEmail(message: ContactMessage): OutgoingEmail {
  return officeEmail("contact_message", `Website message from ${message.name}`, [
    `${message.name} (${message.email}) wrote through the website's contact form:`,
    "",
    message.message,
    "",
    `Answer them from the dashboard's inbox: ${config().publicUrl}/dashboard/inbox`,
  ]);
}

/** Keeps a message from the contact form in the inbox, emails the office, and notes it in the log. */
export async function sendContactMessage(message: ContactMessage): Promise<void> {
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx
        .insertInto("contact_messages")
        .values({ name: message.name, email: message.email, message: message.message })
        .execute();
      await enqueueEmail(trx, contactMessageEmail(message));
    });
  const oneLine = message.message.replace(/\s+/g, " ");
  console.log(
    `[contact] from ${JSON.stringify(message.name)} <${message.email}>: ${JSON.stringify(oneLine)}`,
  );
}
