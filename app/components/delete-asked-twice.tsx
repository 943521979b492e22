import { Form, Link } from "@remix-run/react";

/**
 * Deleting, asked twice so a stray tap deletes nothing (without JavaScript as well): the first
 * button posts intent "delete-ask", the page then asks `question` with "Delete it" (intent
 * "delete") and "Keep it" (back to `keepHref`).
 */
export function DeleteAskedTwice({
  confirming,
  askLabel,
  question,
  keepHref,
}: {
  confirming: boolean;
  askLabel: string;
  question: string;
  keepHref: string;
}) {
  return (
    <Form method="post" className="content-delete">
      {confirming ? (
        <>
          <p role="alert">{question}</p>
          <button type="submit" name="intent" value="delete" className="button button-danger">
            Delete it
          </button>{" "}
          <Link to={keepHref} className="button button-light">
            Keep it
          </Link>
        </>
      ) : (
        <button type="submit" name="intent" value="delete-ask" className="button button-danger">
          {askLabel}
        </button>
      )}
    </Form>
  );
}
