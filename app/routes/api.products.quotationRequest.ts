import type { ActionFunctionArgs } from "@remix-run/node";
import { apiError } from "~/lib/api";
import { formValues } from "~/lib/forms";
import {
  QUOTE_UPLOAD_LIMITS,
  quotePhotoReceiver,
  quoteRateLimitMessage,
  reserveQuoteAttempt,
  submitQuote,
} from "~/models/quotes/quote.server";
import { receiveUpload } from "~/services/uploads.server";

/** POST /api/products/quotationRequest (multipart) → { emailStatus: { confirmation, notification } } */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST");
  // Every submission counts, before its body is read or any photo looked at.
  const limit = await reserveQuoteAttempt(context.clientIp);
  if (!limit.allowed) {
    return Response.json(
      { message: quoteRateLimitMessage(limit.retryAfterSeconds) },
      {
        status: 429,
        // The body is left unread; the server drops it after this answer.
        headers: { "Retry-After": String(limit.retryAfterSeconds) },
      },
    );
  }
  const upload = await receiveUpload(request, QUOTE_UPLOAD_LIMITS, quotePhotoReceiver());
  if (!upload.ok) return Response.json({ message: upload.message }, { status: upload.status });
  const values = formValues(upload.fields);
  // The honeypot: people never fill it; bots do. They get a reply that looks like success.
  if (values.website)
    return Response.json({ emailStatus: { confirmation: false, notification: false } });
  const result = await submitQuote(values, upload.files);
  if (!result.ok)
    return Response.json(
      { message: result.message, errors: result.errors },
      { status: result.status },
    );
  return Response.json({ emailStatus: result.emailStatus }, { status: 201 });
}

export function loader() {
  return apiError(405, "Use POST");
}
