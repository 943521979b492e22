import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { bagErrorMessage, removeLine, type BagErrorCode } from "~/lib/cart";
import { isPosition } from "~/lib/positions";
import { safeRedirectPath, withParam } from "~/lib/redirect";
import { addToBag, setBagQuantity } from "~/models/checkout/cart.server";
import { readCart, writeCart } from "~/services/cart-cookie.server";

/**
 * POST /bag — add, change the quantity of, or remove a bag line. Without
 * JavaScript the answer is a redirect back (with the bag open, and the
 * reason when something was refused); fetchers (which send js=1) get JSON
 * and the page revalidates. A quantity that is not a whole number 1–99 is
 * refused and the bag is left as it was.
 */
export async function action({ request }: ActionFunctionArgs) {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return Response.json(
      { ok: false, error: "Send the bag change as a form (application/x-www-form-urlencoded)." },
      { status: 415 },
    );
  }
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : null;
  };
  const intent = text("intent") ?? "";
  const id = text("id");
  const position = text("position");
  const back = safeRedirectPath(text("redirectTo"), "/");
  const fromFetcher = text("js") === "1";
  let lines = await readCart(request);
  let error: BagErrorCode | "unknown" | undefined;

  switch (intent) {
    case "add": {
      const result = await addToBag(lines, {
        id,
        position,
        quantity: text("quantity") ?? undefined,
      });
      if (result.ok) lines = result.lines;
      else error = result.code;
      break;
    }
    case "set":
    case "increment":
    case "decrement": {
      const current = lines.find((l) => String(l.id) === id && l.position === position);
      const wanted = !current
        ? null
        : intent === "increment"
          ? current.quantity + 1
          : intent === "decrement"
            ? current.quantity - 1
            : text("quantity");
      const result = setBagQuantity(lines, { id, position, quantity: wanted });
      if (result.ok) lines = result.lines;
      else error = result.code;
      break;
    }
    case "remove": {
      if (isPosition(position)) lines = removeLine(lines, { id: Number(id), position });
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
