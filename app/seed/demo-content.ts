/**
 * The demo business's headline figures, customer reviews and hashtag (the spec's examples): seeded
 * only with SEED_DEMO, marked demo in the dashboard, and removed there before going live. They are
 * written examples, not real reviews or figures (docs/rules.md#content).
 */

export const DEMO_HASHTAG = "#HaulbookClearsIt";

type DemoItem =
  | { kind: "claim"; title: string; body: string; rating: null }
  | {
      kind: "testimonial";
      title: string;
      body: string;
      place: string;
      service: string;
      rating: number;
    };

export const DEMO_CONTENT: readonly DemoItem[] = [
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
