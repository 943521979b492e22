import type { Testimonial } from "./types";

/** Customer testimonials (6). */
export const testimonials: readonly Testimonial[] = [
  {
    name: "Sarah K.",
    location: "Croydon",
    quote:
      "Booked online in the morning and the old corner sofa was gone by teatime. The two lads took it apart in the lounge so they did not scrape the hallway, and the waste transfer note was in my inbox before they had even driven off.",
    rating: 5,
    service: "Sofa & Chair Removal",
  },
  {
    name: "James T.",
    location: "Guildford",
    quote:
      "We cleared a whole floor of desks, chairs and old monitors after moving to hybrid working. They came in the evening so our staff were not disturbed, and the paperwork was exactly what our facilities team needed.",
    rating: 5,
    service: "Office Removal",
  },
  {
    name: "Priya M.",
    location: "Reading",
    quote:
      "I sent photos of a garden full of hedge cuttings and an old shed and had a quote within the hour. The price was fair and the crew swept up afterwards. Took a star off only because they arrived near the end of the slot.",
    rating: 4,
    service: "Garden Waste Removal",
  },
  {
    name: "David H.",
    location: "Brighton",
    quote:
      "Our fridge freezer died the week before we moved. I left it by the side gate while I was at work and got photos of the collection by email. Straightforward and no fuss.",
    rating: 5,
    service: "Fridge Removal",
  },
  {
    name: "Emma R.",
    location: "St Albans",
    quote:
      "Clearing my late mum's house was hard enough without worrying about the rubbish. The team were patient and respectful, set aside a few things I had missed, and told me which pieces were going to a reuse charity.",
    rating: 5,
    service: "Home Removal",
  },
  {
    name: "Tom W.",
    location: "Maidstone",
    quote:
      "Two mattresses and a bed frame carried down from a loft room. Easy booking and the price matched the quote. I would have liked a slightly earlier time slot, but the service itself was spot on.",
    rating: 4,
    service: "Mattress Removal",
  },
];
