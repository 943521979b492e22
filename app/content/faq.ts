import { CANCELLATION_TERMS } from "~/lib/cancellation";
import { vatWording, type VatStatus } from "~/lib/vat";
import type { FaqItem } from "./types";

const { freeUntilDays, withinPounds, onTheDayPounds } = CANCELLATION_TERMS;

/**
 * Frequently asked questions: `title` is the question, `description` the answer. What they say of
 * VAT and receipts follows the business's VAT status (lib/vat.ts).
 */
export function faqItems(vat: VatStatus): readonly FaqItem[] {
  const { receipt, afterPrice } = vatWording(vat);
  return [
    {
      title: "How do I book a collection?",
      description:
        "You can book and pay online in a few minutes, or call us and we will book it for you over the phone. Choose your items, pick a date and time slot, and pay securely.",
    },
    {
      title: "How is the price worked out?",
      description:
        "Pricing is based on how much space your waste takes up in our van, measured in cubic yards, and on its weight. Many common items have fixed prices on our website. If you are not sure, upload a photo and we will send you a quote.",
    },
    {
      title: "What can you take away?",
      description:
        "We collect bulky non-hazardous waste, such as furniture, mattresses, garden waste and general household or office clutter, as well as electrical waste including fridges, televisions and appliances. Paint can be collected but is charged separately. We do not take hazardous waste, so please ask if you are unsure about an item.",
    },
    {
      title: "What documents will I receive?",
      description: `You receive a PDF quote, a confirmation email when you book and a ${receipt} for your payment. Within 10 minutes of the job being completed, we email you a digital waste transfer note along with before and after photos of the collection.`,
    },
    {
      title: "Do I need to be at home?",
      description:
        "No. If you leave your items outside, somewhere our crew can reach them safely, we can collect them at any time. Collections left outside like this also get a 10% discount.",
    },
    {
      title: "Will your crew come upstairs and take furniture apart?",
      description:
        "Yes. Our crews carry items down from any floor and dismantle furniture such as wardrobes and bed frames when needed. Each booking includes an allotted amount of time; if the job runs beyond it, an extra charge applies, and the crew will tell you before that happens.",
    },
    {
      title: "Are you licensed and insured?",
      description:
        "Yes. We are a registered waste carrier and fully insured. Our waste carrier registration number is shown in the footer of every page. Whoever you use, check their number on the Environment Agency public register before you hand any waste over, because you can be held responsible if your waste is fly-tipped.",
    },
    {
      title: "What are your working hours?",
      description:
        "Our standard collection hours are 7:00 to 22:00. Items left outside for us can be collected at any time.",
    },
    {
      title: "Can I cancel or change my booking?",
      description: `You can rearrange free of charge up to ${freeUntilDays} days before your collection. Changes or cancellations within ${freeUntilDays} days cost £${withinPounds.includingVat}${afterPrice}, and on the day of collection the charge is £${onTheDayPounds.includingVat}${afterPrice}.`,
    },
    {
      title: "What happens to my waste after you collect it?",
      description:
        "We sort what we collect and send it to licensed sites for reuse, recycling or treatment, so as little as possible goes to landfill. Electrical items, including fridges, go to specialist facilities that handle them under the WEEE regulations.",
    },
  ];
}
