import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { bagErrorMessage, removeLine, setLineQuantity, type BagErrorCode } from "~/lib/cart";
import { isPosition } from "~/lib/positions";
import { safeRedirectPath, withParam } from "~/lib/redirect";
import { addToBag } from "~/models/cart.server";
import { readCart, writeCart } from "~/services/cart-cookie.server";

/**
 * POST /bag — add, change the quantity of, or remove a bag line. Without
 * JavaScript the answer is a redirect back (with the bag open); fetchers
 * (which send js=1) get JSON and the page revalidates.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = Number(form.get("id"));
  const position = form.get("position");
  const back = safeRedirectPath(form.get("redirectTo"), "/");
  const fromFetcher = form.get("js") === "1";
  let lines = await readCart(request);
  let error: BagErrorCode | "unknown" | undefined;

  switch (intent) {
    case "add": {
      const result = await addToBag(lines, {
        id,
        position: String(position ?? ""),
        quantity: form.get("quantity"),
      });
      if (result.ok) lines = result.lines;
      else error = result.code;
      break;
    }
    case "set":
    case "increment":
    case "decrement": {
      if (!isPosition(position)) break;
      const current = lines.find((l) => l.id === id && l.position === position)?.quantity ?? 1;
      const wanted =
        intent === "increment"
          ? current + 1
          : intent === "decrement"
            ? current - 1
            : Number(form.get("quantity"));
      lines = setLineQuantity(lines, { id, position }, wanted);
      break;
    }
    case "remove": {
      if (isPosition(position)) lines = removeLine(lines, { id, position });
      break;
    }
    default:
      error = "unknown";
  }

  const headers = { "Set-Cookie": await writeCart(lines) };
  if (fromFetcher) {
    const message = error
      ? (bagErrorMessage(error) ?? "Sorry, that did not work. Please try again.")
      : undefined;
    return Response.json({ ok: !error, error: message }, { status: error ? 400 : 200, headers });
  }
  const target = withParam(back, "bag", "open");
  return redirect(error ? withParam(target, "bag_error", error) : target, { status: 303, headers });
}

/** GET /bag shows the bag drawer over the home page. */
export function loader() {
  return redirect("/?bag=open");
}
