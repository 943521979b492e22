import { Form } from "@remix-run/react";
import type { GoLiveItem } from "~/lib/go-live";

/**
 * "Before you go live" (docs/rules.md#going-live) at the top of Settings: each item done or with
 * what to do, and the test email the email item asks for.
 */
export function GoLivePanel({
  items,
  businessEmail,
  busy,
}: {
  items: GoLiveItem[];
  businessEmail: string;
  busy: boolean;
}) {
  const done = items.filter((item) => item.done).length;
  return (
    <section className="go-live" aria-labelledby="go-live-title" data-testid="go-live">
      <h2 id="go-live-title">Before you go live</h2>
      <p className="settings-note">
        {done === items.length
          ? "Everything is ready for real customers."
          : `${done} of ${items.length} done. What is left, and how to do it:`}
      </p>
      <ul className="go-live-items">
        {items.map((item) => (
          <li
            key={item.key}
            className={item.done ? "go-live-done" : "go-live-todo"}
            data-testid={`go-live-${item.key}`}
          >
            <strong>
              <span aria-hidden="true">{item.done ? "✓ " : "! "}</span>
              {item.title}
              <span className="visually-hidden">{item.done ? ": done" : ": to do"}</span>
            </strong>
            <span>{item.detail}</span>
            {item.done || !item.fix ? null : <span className="go-live-fix">{item.fix}</span>}
          </li>
        ))}
      </ul>
      <Form method="post">
        <button
          type="submit"
          name="intent"
          value="test-email"
          className="button button-light"
          disabled={busy}
        >
          Send a test email to {businessEmail}
        </button>
      </Form>
    </section>
  );
}
