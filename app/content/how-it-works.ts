import { vatWording, type VatStatus } from "~/lib/vat";
import type { HowItWorksStep } from "./types";

/** The booking process, in order (4 steps); the receipt it names follows the VAT status. */
export function howItWorks(vat: VatStatus): readonly HowItWorksStep[] {
  const { receipt } = vatWording(vat);
  return [
    {
      title: "Choose your items or send photos",
      description:
        "Pick what you want removed from our list of items and fixed prices, or upload a few photos and we will send you a quote based on the volume and weight.",
    },
    {
      title: "Pick a collection date",
      description:
        "Choose the day and time slot that suits you, between 7:00 and 22:00. You do not need to be home if you leave your items outside for us.",
    },
    {
      title: "Pay securely online",
      description: `Pay online when you book, or over the phone if you prefer. You receive a confirmation email and a ${receipt} straight away.`,
    },
    {
      title: "We collect, recycle and email your note",
      description:
        "Our crew carries everything out and takes it for reuse or recycling wherever possible. Your waste transfer note and before and after photos arrive by email within 10 minutes of the job being finished.",
    },
  ];
}
