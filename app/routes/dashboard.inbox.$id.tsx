import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AlertNotice } from "~/components/alert-notice";
import { Field } from "~/components/field";
import { formatDateTime } from "~/lib/format";
import { formValues } from "~/lib/forms";
import { titled } from "~/lib/page-title";
import {
  inboxMessage,
  markMessage,
  REPLY_MAX,
  replyToMessage,
} from "~/models/messages/inbox.server";
import { requireStaff } from "~/models/staff/staff-auth.server";
import { redirectWithFlash } from "~/services/flash.server";

/**
 * One message from the website: what the customer wrote, the answers sent, and the answer box
 * (sent by email through the outbox, which marks it handled). "Handled" without an answer, for
 * a message dealt with by phone; "New again" to keep it in view.
 */

async function requireMessage(id: string | undefined) {
  const message = await inboxMessage(Number(id));
  if (!message) throw new Response("That message is no longer in the inbox.", { status: 404 });
  return message;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request);
  return { message: await requireMessage(params.id), replyMax: REPLY_MAX };
}

type ActionResult = { message: string; errors: { reply?: string }; values: Record<string, string> };

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireStaff(request);
  const message = await requireMessage(params.id);
  const values = formValues(await request.formData());
  switch (values.intent) {
    case "reply": {
      const sent = await replyToMessage(message.id, values, user.username);
      if (!sent.ok)
        return data<ActionResult>(
          { message: sent.message, errors: sent.errors, values },
          { status: sent.status },
        );
      return redirectWithFlash(
        "/dashboard/inbox",
        "inbox",
        `Your answer to ${message.name} is on its way to ${sent.email}; the message is handled.`,
      );
    }
    case "handled":
    case "new": {
      await markMessage(message.id, values.intent === "handled", user.username);
      return redirectWithFlash(
        "/dashboard/inbox",
        "inbox",
        values.intent === "handled"
          ? `The message from ${message.name} is marked handled.`
          : `The message from ${message.name} is new again.`,
      );
    }
    default:
      throw new Response("Unknown action", { status: 400 });
  }
}

export default function InboxMessagePage() {
  const { message, replyMax } = useLoaderData<typeof loader>();
  const failed = useActionData<ActionResult>();
  const navigation = useNavigation();
  const sending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "reply";
  return (
    <section aria-labelledby="message-title" className="inbox-message">
      <p>
        <Link to="/dashboard/inbox">Back to the inbox</Link>
      </p>
      <h1 id="message-title">Message from {message.name}</h1>
      <p className="field-hint">
        <a href={`mailto:${message.email}`}>{message.email}</a> · sent{" "}
        {formatDateTime(message.createdAt)}
        {message.handledAt
          ? ` · handled ${formatDateTime(message.handledAt)} by ${message.handledBy ?? "staff"}`
          : " · new"}
      </p>
      <blockquote className="inbox-text" data-testid="message-text">
        {message.message}
      </blockquote>
      {message.replies.length > 0 ? (
        <section aria-labelledby="replies-title">
          <h2 id="replies-title">Answers sent</h2>
          <ul className="inbox-replies">
            {message.replies.map((r) => (
              <li key={r.id} data-testid="message-reply">
                <p className="field-hint">
                  {formatDateTime(r.sentAt)}, by {r.sentBy}
                </p>
                <p className="inbox-text">{r.body}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Form method="post" className="stack" noValidate>
        <AlertNotice message={failed?.message} />
        <Field
          label={`Your answer to ${message.name}`}
          name="reply"
          multiline
          rows={8}
          maxLength={replyMax}
          hint={`Sent by email to ${message.email}, with their message quoted under it.`}
          defaultValue={failed?.values.reply ?? ""}
          error={failed?.errors.reply}
        />
        <div className="inbox-actions">
          <button type="submit" name="intent" value="reply" className="button" disabled={sending}>
            {sending ? "Sending..." : "Send answer"}
          </button>
          {message.handledAt ? (
            <button
              type="submit"
              name="intent"
              value="new"
              className="button button-light"
              formNoValidate
            >
              Mark as new again
            </button>
          ) : (
            <button
              type="submit"
              name="intent"
              value="handled"
              className="button button-light"
              formNoValidate
            >
              Mark handled without answering
            </button>
          )}
        </div>
      </Form>
    </section>
  );
}

export const meta = titled("Message", "dashboard");
