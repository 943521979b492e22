import { vatWording, type VatStatus } from "~/lib/vat";
import type { WhyChooseUsPoint } from "./types";

/** The reasons to choose Haulbook, in display order (14 points); the receipt follows the VAT status. */
export function whyChooseUs(vat: VatStatus): readonly WhyChooseUsPoint[] {
  const { receipt } = vatWording(vat);
  return [
    {
      title: "Same-day removal",
      description:
        "Need it gone today? Book early and we can often collect the same day, depending on where you are and how busy our crews are. If today is full, we will offer you the earliest slot we have.",
      icon: "clock",
    },
    {
      title: "Eco-friendly disposal",
      description:
        "We take what we collect to licensed reuse, recycling and treatment sites, not to a field or a lay-by. Landfill is the last resort, not the default.",
      icon: "leaf",
    },
    {
      title: "Reliable service",
      description:
        "We turn up in the time slot you booked, and if anything changes on the day we let you know straight away. The price you are quoted is the price you pay, unless you add items or the job runs beyond its allotted time.",
      icon: "check-circle",
    },
    {
      title: "Recycling",
      description:
        "We recycle or reuse most of what we collect. Furniture in good condition can go to reuse, and metal, wood, cardboard and electricals are separated so they can be recycled properly.",
      icon: "recycle",
    },
    {
      title: "24/7 support",
      description:
        "You can book, check or change a collection online at any hour, and our support team is there around the clock if you have a question. Collections themselves run from 7:00 to 22:00.",
      icon: "headset",
    },
    {
      title: "Choose your date and time slot",
      description:
        "Pick the day and time slot that suits you when you book, including evenings. Plans changed? You can rearrange free of charge up to 14 days ahead.",
      icon: "calendar",
    },
    {
      title: "Licensed and certified waste carrier",
      description:
        "We are a registered waste carrier and fully insured. Our registration number is in the footer of every page, so you can check it on the Environment Agency public register before you hand anything over.",
      icon: "shield",
    },
    {
      title: "Price promise",
      description:
        "If you have a lower written quote from another licensed waste carrier for the same job, send it to us and we will match or beat it.",
      icon: "tag",
    },
    {
      title: "Multiple payment methods",
      description: `Pay securely online when you book, or over the phone if you prefer to talk it through. You receive a ${receipt} either way.`,
      icon: "credit-card",
    },
    {
      title: "Contactless collections",
      description:
        "You do not need to be home. Leave your items outside, pay online and we will collect them, then email your waste transfer note and before and after photos.",
      icon: "door",
    },
    {
      title: "Remove, recycle, upcycle",
      description:
        "We look at every item for a second life before anything else. Sound furniture and working appliances are passed on for reuse or upcycling where possible, and the rest is recycled.",
      icon: "refresh",
    },
    {
      title: "Heavy lifting",
      description:
        "Our crews do the carrying, from upstairs bedrooms, loft landings, gardens and garages. You do not need to move anything to the kerb first.",
      icon: "lift",
    },
    {
      title: "Furniture dismantling",
      description:
        "Wardrobes, bed frames and corner sofas that will not fit through the door are taken apart on the spot. Just mention it when you book so we allow enough time.",
      icon: "tools",
    },
    {
      title: "Business support",
      description:
        "We clear offices, shops, rental properties and building sites, working around your opening hours. Every job comes with a waste transfer note for your duty of care records.",
      icon: "briefcase",
    },
  ];
}
