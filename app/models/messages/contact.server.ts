import { z } from "zod";
import { db } from "~/services/db.server";
import { officeEmail } from "./email-layout.server";
import { enqueueEmail, type OutgoingEmail } from "./outbox.server";

/**
 * The footer contact form (docs/rules.md#content): each message goes to the office by email
 * through the outbox, which keeps it and tries again until the mail server takes it, so a lead is
 * not lost to a passing fault. The office answers from its own mailbox, to the address given.
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
    `Answer them by email at ${message.email}.`,
  ]);
}

/** Sends a message from the contact form to the office, and notes it in the server's log. */
export async function sendContactMessage(message: ContactMessage): Promise<void> {
  await db()
    .transaction()
    .execute((trx) => enqueueEmail(trx, contactMessageEmail(message)));
  const oneLine = message.message.replace(/\s+/g, " ");
  console.log(
    `[contact] from ${JSON.stringify(message.name)} <${message.email}>: ${JSON.stringify(oneLine)}`,
  );
}
