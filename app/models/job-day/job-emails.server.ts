import { formatLongDate, formatPence } from "~/lib/format";
import { registrationFooter } from "../messages/email-layout.server";
import type { OutgoingEmail } from "../messages/outbox.server";
import { businessProfile } from "~/models/shop/business-profile.server";

/**
 * The email after a job: the customer's documents (waste transfer note and receipt) and the
 * link to their before and after photos, in text and in HTML with thumbnails.
 */

export interface CompletedJob {
  orderId: number | null;
  customerName: string;
  email: string;
  collectionDate: string;
  wtnReference: string;
  receiptReference: string;
  totalPence: number;
  /** the customer's photo page (absolute) */
  photoLink: string;
  /** absolute addresses of small versions of the photos */
  thumbnails: { kind: "before" | "after"; url: string }[];
  /** what was added on the day, to pay by card from the booking's page (absolute); null otherwise */
  extrasToPay: { pence: number; link: string } | null;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/**
 * The customer's documents after the job: the waste transfer note and the
 * receipt attached, and the before and after photos behind their own link
 * (thumbnails in the HTML part). The FAQ promises this within 10 minutes.
 */
export function jobCompletedEmail(
  job: CompletedJob,
  documents: { filename: string; bytes: Buffer }[],
): OutgoingEmail {
  const business = businessProfile();
  const ref = job.orderId ? `HB${job.orderId}` : job.wtnReference;
  const intro = [
    `Hello ${job.customerName},`,
    "",
    `Your collection on ${formatLongDate(job.collectionDate)} is complete. Thank you for choosing ${business.name}.`,
    "",
    ...(job.extrasToPay
      ? [
          `Please pay ${formatPence(job.extrasToPay.pence)} for what was added on the day, by card, here:`,
          job.extrasToPay.link,
          "",
        ]
      : []),
    "Attached to this email:",
    `  • your waste transfer note ${job.wtnReference}: the legal record of the waste you handed to us. Please keep it for two years.`,
    `  • your receipt ${job.receiptReference} for ${formatPence(job.totalPence)}.`,
  ];
  const photos = [
    job.thumbnails.length > 0
      ? "Your before and after photos are here (the link is yours alone):"
      : "Your documents are also here (the link is yours alone):",
    job.photoLink,
  ];
  // Every customer is asked alike, whatever the job: asking only the happy ones is review gating,
  // which UK law bans (DMCC Act 2024, in force April 2025).
  const review = business.reviewUrl
    ? [
        "How did we do? A minute of your time helps others choose: please review us here:",
        business.reviewUrl,
      ]
    : [];
  const closing = [
    `Questions? Call us on ${business.phone} and quote reference ${ref}.`,
    "",
    ...registrationFooter(),
  ];
  const thumbs = (kind: "before" | "after") =>
    job.thumbnails
      .filter((t) => t.kind === kind)
      .map(
        (t) =>
          `<a href="${escapeHtml(job.photoLink)}"><img src="${escapeHtml(t.url)}" width="150" alt="${kind === "before" ? "Before" : "After"} the collection" style="width:150px;height:auto;border-radius:6px;margin:0 8px 8px 0"></a>`,
      )
      .join("");
  const paragraph = (lines: string[]) =>
    `<p style="margin:0 0 14px">${lines.map(escapeHtml).join("<br>")}</p>`;
  const html = [
    `<div style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a;max-width:600px">`,
    paragraph([intro[0]!]),
    paragraph([intro[2]!]),
    job.extrasToPay
      ? `<p style="margin:0 0 14px"><strong>${escapeHtml(`Please pay ${formatPence(job.extrasToPay.pence)} for what was added on the day.`)}</strong><br><a href="${escapeHtml(job.extrasToPay.link)}" style="color:#0b5a3d">Pay by card</a></p>`
      : "",
    paragraph(intro.slice(job.extrasToPay ? 7 : 4).map((line) => line.replace(/^ {2}/, ""))),
    job.thumbnails.length > 0
      ? `<p style="margin:0 0 6px"><strong>Before</strong></p><div>${thumbs("before")}</div><p style="margin:8px 0 6px"><strong>After</strong></p><div>${thumbs("after")}</div>`
      : "",
    `<p style="margin:14px 0"><a href="${escapeHtml(job.photoLink)}" style="color:#0b5a3d">${job.thumbnails.length > 0 ? "See your photos and documents" : "See your documents"}</a></p>`,
    review.length > 0
      ? `<p style="margin:0 0 14px">${escapeHtml(review[0]!)}<br><a href="${escapeHtml(review[1]!)}" style="color:#0b5a3d">Review ${escapeHtml(business.name)}</a></p>`
      : "",
    paragraph(closing.slice(0, 1)),
    `<p style="margin:0;color:#4f5652;font-size:13px">${closing.slice(2).map(escapeHtml).join("<br>")}</p>`,
    `</div>`,
  ].join("\n");
  return {
    kind: "job_completed",
    to: job.email,
    subject: `Your collection is complete: waste transfer note and receipt (ref ${ref})`,
    text: [
      ...intro,
      "",
      ...photos,
      "",
      ...(review.length > 0 ? [...review, ""] : []),
      ...closing,
    ].join("\n"),
    html,
    attachments: documents.map((doc) => ({
      filename: doc.filename,
      contentType: "application/pdf",
      bytes: doc.bytes,
    })),
  };
}
