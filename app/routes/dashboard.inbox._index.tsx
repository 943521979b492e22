import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { FlashNotice } from "~/components/flash-notice";
import { StaffPager } from "~/components/staff-paging";
import { StaffTable, type StaffListColumn } from "~/components/staff-list";
import { formatDateTime, formatDay, formatLongDate, formatPence } from "~/lib/format";
import { formValues } from "~/lib/forms";
import { titled } from "~/lib/page-title";
import { clampPage, pageCount } from "~/lib/paging";
import { INBOX_PAGE_SIZE, inboxMessages } from "~/models/messages/inbox.server";
import {
  nudgeQuote,
  quoteFollowUpDays,
  quotesToFollowUp,
  type QuoteToFollowUp,
} from "~/models/quotes/quote-follow-up.server";
import { requireStaff } from "~/models/staff/staff-auth.server";
import { readFlash, redirectWithFlash } from "~/services/flash.server";

/**
 * The office's inbox (docs/rules.md#the-inbox): the contact form's messages, new ones first (the
 * longest waiting at the top), each opened to answer by email; and the priced quotes nobody has
 * answered, each reminded with one press. Works without JavaScript.
 */

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const params = new URL(request.url).searchParams;
  const shown = params.get("shown") === "handled" ? "handled" : "new";
  const page = clampPage(params.get("page"));
  const [messages, quotes, days, flash] = await Promise.all([
    inboxMessages(shown, page),
    quotesToFollowUp(),
    quoteFollowUpDays(),
    readFlash(request, "inbox"),
  ]);
  return data(
    {
      shown,
      page,
      ...messages,
      pages: pageCount(messages.total, INBOX_PAGE_SIZE),
      quotes,
      days,
      flash: flash.flash,
    },
    { headers: flash.headers },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  await requireStaff(request);
  const values = formValues(await request.formData());
  if (values.intent !== "nudge") throw new Response("Unknown action", { status: 400 });
  const nudged = await nudgeQuote(Number(values.offer));
  return redirectWithFlash(
    "/dashboard/inbox#follow-up",
    "inbox",
    nudged.ok ? `Reminder sent to ${nudged.email}.` : nudged.message,
  );
}

/** The first words of a message, for its line in the list. */
const opening = (text: string) => {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 120 ? `${line.slice(0, 117)}…` : line;
};

/** The quotes to follow up, each with its reminder button (disabled while it is being sent). */
function followUpColumns(nudging: unknown): StaffListColumn<QuoteToFollowUp>[] {
  return [
    {
      header: "Quote",
      cell: (q) => <Link to={`/dashboard/quotes/${q.quoteId}`}>{q.reference}</Link>,
    },
    {
      header: "Customer",
      cell: (q) => (
        <>
          {q.fullName}
          <br />
          <span className="field-hint">{q.phone}</span>
        </>
      ),
    },
    { header: "Price", cell: (q) => formatPence(q.totalPence) },
    {
      header: "Why",
      cell: (q) => (
        <>
          {q.reason === "expiring"
            ? `Holds until ${formatLongDate(q.validUntil)}`
            : `No answer since ${formatDay(q.sentAt)}`}
          {q.nudgedAt ? (
            <>
              <br />
              <span className="field-hint">Reminded {formatDateTime(q.nudgedAt)}</span>
            </>
          ) : null}
        </>
      ),
    },
    {
      header: "Remind",
      cell: (q) => (
        <Form method="post">
          <input type="hidden" name="offer" value={q.offerId} />
          <button
            type="submit"
            name="intent"
            value="nudge"
            className="button button-light"
            disabled={nudging === String(q.offerId)}
            aria-label={`Send ${q.fullName} a reminder of ${q.reference}`}
          >
            {nudging === String(q.offerId) ? "Sending..." : "Send a reminder"}
          </button>
        </Form>
      ),
    },
  ];
}

export default function Inbox() {
  const { shown, page, pages, messages, total, quotes, days, flash } =
    useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const nudging = navigation.state === "submitting" ? navigation.formData?.get("offer") : null;
  return (
    <section aria-labelledby="inbox-title" className="inbox">
      <h1 id="inbox-title">Inbox</h1>
      <FlashNotice flash={flash} />
      <section aria-labelledby="messages-title">
        <h2 id="messages-title">Messages from the website</h2>
        <nav className="inbox-tabs" aria-label="Messages">
          <Link to="/dashboard/inbox" aria-current={shown === "new" ? "page" : undefined}>
            New
          </Link>
          <Link
            to="/dashboard/inbox?shown=handled"
            aria-current={shown === "handled" ? "page" : undefined}
          >
            Handled
          </Link>
        </nav>
        <p className="field-hint" aria-live="polite">
          {total} {shown === "new" ? "new" : "handled"} {total === 1 ? "message" : "messages"}
        </p>
        {messages.length === 0 ? (
          <p className="empty-state">
            {shown === "new"
              ? "Nothing waiting: every message has been dealt with."
              : "No message has been handled yet."}
          </p>
        ) : (
          <ul className="inbox-list">
            {messages.map((m) => (
              <li key={m.id} data-testid="inbox-message">
                <Link to={`/dashboard/inbox/${m.id}`} className="inbox-from">
                  {m.name}
                </Link>{" "}
                <span className="field-hint">
                  {m.email} · {formatDateTime(m.createdAt)}
                  {m.handledAt ? ` · handled by ${m.handledBy ?? "staff"}` : ""}
                </span>
                <p>{opening(m.message)}</p>
              </li>
            ))}
          </ul>
        )}
        <StaffPager
          page={page}
          pages={pages}
          hrefFor={(n) =>
            `/dashboard/inbox?${shown === "handled" ? "shown=handled&" : ""}page=${n}`
          }
        />
      </section>
      <section aria-labelledby="follow-up" className="inbox-follow-up">
        <h2 id="follow-up">Quotes to follow up</h2>
        <p className="field-hint">
          Priced quotes with no answer after {days} {days === 1 ? "day" : "days"}, and prices about
          to expire. The number of days is in <Link to="/dashboard/settings">Settings</Link>.
        </p>
        <StaffTable
          columns={followUpColumns(nudging)}
          rows={quotes}
          rowKey={(q) => q.offerId}
          rowTestId="follow-up-quote"
          empty="No quote is waiting for an answer."
        />
      </section>
    </section>
  );
}

export const meta = titled("Inbox", "dashboard");
