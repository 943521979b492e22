import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { customerLinkPage } from "~/components/customer-link-page";
import { formatLongDate, formatLongDateTime } from "~/lib/format";
import { jobForCustomer } from "~/models/job-day/job-customer-page.server";
import { linkMissResponse } from "~/models/customer-links/customer-link.server";
import { businessProfile } from "~/models/shop/business-profile.server";

/**
 * /job/{token}: a completed job's before and after photos and its documents,
 * for the customer who holds the link from the completion email.
 */

export const { links, handle, meta, headers } = customerLinkPage(
  "Your collection | Photos and documents",
);

export async function loader({ params, context }: LoaderFunctionArgs) {
  const job = await jobForCustomer(params.token ?? "");
  if (!job)
    throw await linkMissResponse(
      context.clientIp,
      "We could not find that collection. Please use the link in your email exactly as it is.",
    );
  return { job, token: params.token ?? "", phone: businessProfile().phone };
}

export default function JobPhotos() {
  const { job, token, phone } = useLoaderData<typeof loader>();
  const self = `/job/${token}`;
  const gallery = (kind: "before" | "after") => {
    const photos = job.photos.filter((p) => p.kind === kind);
    if (photos.length === 0) return null;
    const title = kind === "before" ? "Before" : "After";
    return (
      <section aria-labelledby={`${kind}-title`} className="job-photos-section">
        <h2 id={`${kind}-title`}>{title}</h2>
        <ul className="job-photos" data-testid={`job-photos-${kind}`}>
          {photos.map((photo, i) => (
            <li key={photo.imageId}>
              <a href={`${self}/photos/${photo.imageId}`}>
                <img
                  src={`${self}/photos/${photo.imageId}?w=480`}
                  alt={`${title} the collection, ${i + 1} of ${photos.length}`}
                  width={480}
                  height={
                    photo.width && photo.height
                      ? Math.round((480 * photo.height) / photo.width)
                      : 360
                  }
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      </section>
    );
  };
  return (
    <div className="container checkout-page job-page">
      <p className="eyebrow">Your collection</p>
      <h1>Collected on {formatLongDate(job.collectionDate)}</h1>
      <p className="section-lead">
        From {job.address}. Handed over {formatLongDateTime(job.transferredAt)}.
      </p>
      <section aria-labelledby="documents-title" className="job-documents">
        <h2 id="documents-title">Your documents</h2>
        <ul className="job-document-links">
          <li>
            <a href={`${self}/waste-transfer-note.pdf`} className="button button-light">
              Waste transfer note {job.wtnReference} (PDF)
            </a>
          </li>
          <li>
            <a href={`${self}/receipt.pdf`} className="button button-light">
              Receipt {job.receiptReference} (PDF)
            </a>
          </li>
        </ul>
        <p className="field-hint">Please keep the waste transfer note for two years.</p>
      </section>
      {gallery("before")}
      {gallery("after")}
      <p>
        Questions? Call us on <a href={`tel:${phone.replace(/\s+/g, "")}`}>{phone}</a>.
      </p>
    </div>
  );
}

export { ErrorBoundary } from "~/components/error-boundary";
