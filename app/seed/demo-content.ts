/**
 * The demo business's headline figures, customer reviews, reasons, steps, questions and hashtag
 * (the spec's examples): seeded only with SEED_DEMO, marked demo in the dashboard, and removed
 * there before going live. They are written examples, not real reviews, figures or promises
 * (docs/rules.md#content).
 */

export const DEMO_HASHTAG = "#HaulbookClearsIt";

type DemoItem =
  | { kind: "claim" | "step" | "faq"; title: string; body: string; rating: null }
  | { kind: "reason" | "service"; title: string; body: string; icon: string; rating: null }
  | {
      kind: "testimonial";
      title: string;
      body: string;
      place: string;
      service: string;
      rating: number;
    };

const DEMO_FIGURES_AND_REVIEWS: readonly DemoItem[] = [
  { kind: "claim", title: "13,000+", body: "reviews", rating: null },
  { kind: "claim", title: "100,000+", body: "customers", rating: null },
  {
    kind: "testimonial",
    title: "Sarah K.",
    body: "Booked online in the morning and the old corner sofa was gone by teatime. The two lads took it apart in the lounge so they did not scrape the hallway, and the waste transfer note was in my inbox before they had even driven off.",
    place: "Croydon",
    service: "Sofa & Chair Removal",
    rating: 5,
  },
  {
    kind: "testimonial",
    title: "James T.",
    body: "We cleared a whole floor of desks, chairs and old monitors after moving to hybrid working. They came in the evening so our staff were not disturbed, and the paperwork was exactly what our facilities team needed.",
    place: "Guildford",
    service: "Office Removal",
    rating: 5,
  },
  {
    kind: "testimonial",
    title: "Priya M.",
    body: "I sent photos of a garden full of hedge cuttings and an old shed and had a quote within the hour. The price was fair and the crew swept up afterwards. Took a star off only because they arrived near the end of the slot.",
    place: "Reading",
    service: "Garden Waste Removal",
    rating: 4,
  },
  {
    kind: "testimonial",
    title: "David H.",
    body: "Our fridge freezer died the week before we moved. I left it by the side gate while I was at work and got photos of the collection by email. Straightforward and no fuss.",
    place: "Brighton",
    service: "Fridge Removal",
    rating: 5,
  },
  {
    kind: "testimonial",
    title: "Emma R.",
    body: "Clearing my late mum's house was hard enough without worrying about the rubbish. The team were patient and respectful, set aside a few things I had missed, and told me which pieces were going to a reuse charity.",
    place: "St Albans",
    service: "Home Removal",
    rating: 5,
  },
  {
    kind: "testimonial",
    title: "Tom W.",
    body: "Two mattresses and a bed frame carried down from a loft room. Easy booking and the price matched the quote. I would have liked a slightly earlier time slot, but the service itself was spot on.",
    place: "Maidstone",
    service: "Mattress Removal",
    rating: 4,
  },
];

/**
 * The demo business's services, reasons to choose it, how booking works and its questions and answers (the
 * spec's words; the FAQ's answer about cancelling follows the shop's terms and is not here).
 * "a receipt" in them is true whether or not the business is VAT registered.
 */
const DEMO_WORDS: readonly DemoItem[] = [
  {
    kind: "service",
    title: "Sofa & Chair Removal",
    body: "",
    icon: "sofa-and-chair-removal",
    rating: null,
  },
  {
    kind: "service",
    title: "Furniture Removal",
    body: "",
    icon: "furniture-removal",
    rating: null,
  },
  {
    kind: "service",
    title: "Garden Waste Removal",
    body: "",
    icon: "garden-waste-removal",
    rating: null,
  },
  { kind: "service", title: "Office Removal", body: "", icon: "office-removal", rating: null },
  { kind: "service", title: "Home Removal", body: "", icon: "home-removal", rating: null },
  {
    kind: "service",
    title: "Appliance Removal",
    body: "",
    icon: "appliance-removal",
    rating: null,
  },
  { kind: "service", title: "Fridge Removal", body: "", icon: "fridge-removal", rating: null },
  {
    kind: "service",
    title: "Electronic Removal",
    body: "",
    icon: "electronic-removal",
    rating: null,
  },
  {
    kind: "service",
    title: "Old Batteries Removal",
    body: "",
    icon: "old-batteries-removal",
    rating: null,
  },
  { kind: "service", title: "Mattress Removal", body: "", icon: "mattress-removal", rating: null },
  {
    kind: "reason",
    title: "Same-day removal",
    body: "Need it gone today? Book early and we can often collect the same day, depending on where you are and how busy our crews are. If today is full, we will offer you the earliest slot we have.",
    icon: "clock",
    rating: null,
  },
  {
    kind: "reason",
    title: "Eco-friendly disposal",
    body: "We take what we collect to licensed reuse, recycling and treatment sites, not to a field or a lay-by. Landfill is the last resort, not the default.",
    icon: "leaf",
    rating: null,
  },
  {
    kind: "reason",
    title: "Reliable service",
    body: "We turn up in the time slot you booked, and if anything changes on the day we let you know straight away. The price you are quoted is the price you pay, unless you add items or the job runs beyond its allotted time.",
    icon: "check-circle",
    rating: null,
  },
  {
    kind: "reason",
    title: "Recycling",
    body: "We recycle or reuse most of what we collect. Furniture in good condition can go to reuse, and metal, wood, cardboard and electricals are separated so they can be recycled properly.",
    icon: "recycle",
    rating: null,
  },
  {
    kind: "reason",
    title: "24/7 support",
    body: "You can book, check or change a collection online at any hour, and our support team is there around the clock if you have a question. Collections themselves run from 7:00 to 22:00.",
    icon: "headset",
    rating: null,
  },
  {
    kind: "reason",
    title: "Choose your date and time slot",
    body: "Pick the day and time slot that suits you when you book, including evenings. Plans changed? You can rearrange free of charge up to 14 days ahead.",
    icon: "calendar",
    rating: null,
  },
  {
    kind: "reason",
    title: "Licensed and certified waste carrier",
    body: "We are a registered waste carrier and fully insured. Our registration number is in the footer of every page, so you can check it on the Environment Agency public register before you hand anything over.",
    icon: "shield",
    rating: null,
  },
  {
    kind: "reason",
    title: "Price promise",
    body: "If you have a lower written quote from another licensed waste carrier for the same job, send it to us and we will match or beat it.",
    icon: "tag",
    rating: null,
  },
  {
    kind: "reason",
    title: "Multiple payment methods",
    body: "Pay securely online when you book, or over the phone if you prefer to talk it through. You receive a receipt either way.",
    icon: "credit-card",
    rating: null,
  },
  {
    kind: "reason",
    title: "Contactless collections",
    body: "You do not need to be home. Leave your items outside, pay online and we will collect them, then email your waste transfer note and before and after photos.",
    icon: "door",
    rating: null,
  },
  {
    kind: "reason",
    title: "Remove, recycle, upcycle",
    body: "We look at every item for a second life before anything else. Sound furniture and working appliances are passed on for reuse or upcycling where possible, and the rest is recycled.",
    icon: "refresh",
    rating: null,
  },
  {
    kind: "reason",
    title: "Heavy lifting",
    body: "Our crews do the carrying, from upstairs bedrooms, loft landings, gardens and garages. You do not need to move anything to the kerb first.",
    icon: "lift",
    rating: null,
  },
  {
    kind: "reason",
    title: "Furniture dismantling",
    body: "Wardrobes, bed frames and corner sofas that will not fit through the door are taken apart on the spot. Just mention it when you book so we allow enough time.",
    icon: "tools",
    rating: null,
  },
  {
    kind: "reason",
    title: "Business support",
    body: "We clear offices, shops, rental properties and building sites, working around your opening hours. Every job comes with a waste transfer note for your duty of care records.",
    icon: "briefcase",
    rating: null,
  },
  {
    kind: "step",
    title: "Choose your items or send photos",
    body: "Pick what you want removed from our list of items and fixed prices, or upload a few photos and we will send you a quote based on the volume and weight.",
    rating: null,
  },
  {
    kind: "step",
    title: "Pick a collection date",
    body: "Choose the day and time slot that suits you, between 7:00 and 22:00. You do not need to be home if you leave your items outside for us.",
    rating: null,
  },
  {
    kind: "step",
    title: "Pay securely online",
    body: "Pay online when you book, or over the phone if you prefer. You receive a confirmation email and a receipt straight away.",
    rating: null,
  },
  {
    kind: "step",
    title: "We collect, recycle and email your note",
    body: "Our crew carries everything out and takes it for reuse or recycling wherever possible. Your waste transfer note and before and after photos arrive by email within 10 minutes of the job being finished.",
    rating: null,
  },
  {
    kind: "faq",
    title: "How do I book a collection?",
    body: "You can book and pay online in a few minutes, or call us and we will book it for you over the phone. Choose your items, pick a date and time slot, and pay securely.",
    rating: null,
  },
  {
    kind: "faq",
    title: "How is the price worked out?",
    body: "Pricing is based on how much space your waste takes up in our van, measured in cubic yards, and on its weight. Many common items have fixed prices on our website. If you are not sure, upload a photo and we will send you a quote.",
    rating: null,
  },
  {
    kind: "faq",
    title: "What can you take away?",
    body: "We collect bulky non-hazardous waste, such as furniture, mattresses, garden waste and general household or office clutter, as well as electrical waste including fridges, televisions and appliances. Paint can be collected but is charged separately. We do not take hazardous waste, so please ask if you are unsure about an item.",
    rating: null,
  },
  {
    kind: "faq",
    title: "What documents will I receive?",
    body: "You receive a PDF quote, a confirmation email when you book and a receipt for your payment. Within 10 minutes of the job being completed, we email you a digital waste transfer note along with before and after photos of the collection.",
    rating: null,
  },
  {
    kind: "faq",
    title: "Do I need to be at home?",
    body: "No. If you leave your items outside, somewhere our crew can reach them safely, we can collect them at any time. Collections left outside like this also get a 10% discount.",
    rating: null,
  },
  {
    kind: "faq",
    title: "Will your crew come upstairs and take furniture apart?",
    body: "Yes. Our crews carry items down from any floor and dismantle furniture such as wardrobes and bed frames when needed. Each booking includes an allotted amount of time; if the job runs beyond it, an extra charge applies, and the crew will tell you before that happens.",
    rating: null,
  },
  {
    kind: "faq",
    title: "Are you licensed and insured?",
    body: "Yes. We are a registered waste carrier and fully insured. Our waste carrier registration number is shown in the footer of every page. Whoever you use, check their number on the Environment Agency public register before you hand any waste over, because you can be held responsible if your waste is fly-tipped.",
    rating: null,
  },
  {
    kind: "faq",
    title: "What are your working hours?",
    body: "Our standard collection hours are 7:00 to 22:00. Items left outside for us can be collected at any time.",
    rating: null,
  },
  {
    kind: "faq",
    title: "What happens to my waste after you collect it?",
    body: "We sort what we collect and send it to licensed sites for reuse, recycling or treatment, so as little as possible goes to landfill. Electrical items, including fridges, go to specialist facilities that handle them under the WEEE regulations.",
    rating: null,
  },
];

export const DEMO_CONTENT: readonly DemoItem[] = [...DEMO_FIGURES_AND_REVIEWS, ...DEMO_WORDS];
