import { z } from "zod";

/**
 * The footer contact form. By design it is only recorded in the server log
 * (docs/rules.md#content).
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

export function recordContactMessage(message: ContactMessage) {
  const oneLine = message.message.replace(/\s+/g, " ");
  console.log(
    `[contact] from ${JSON.stringify(message.name)} <${message.email}>: ${JSON.stringify(oneLine)}`,
  );
}
