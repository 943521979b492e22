import type { Service } from "./types";

/** The services we offer, in display order (10 services). */
export const services: readonly Service[] = [
  {
    title: "Sofa & Chair Removal",
    img: "/illustrations/services/sofa-and-chair-removal.svg",
    description:
      "Sofas, sofa beds, armchairs, recliners and office chairs carried out and taken away. Upholstered seating is sent for reuse where it is in good condition, and otherwise to a licensed facility that handles it as the law requires.",
  },
  {
    title: "Furniture Removal",
    img: "/illustrations/services/furniture-removal.svg",
    description:
      "Wardrobes, beds, tables, chests of drawers and bookcases, dismantled if needed and cleared from any room. Good pieces go to reuse, and wood and metal are recycled.",
  },
  {
    title: "Garden Waste Removal",
    img: "/illustrations/services/garden-waste-removal.svg",
    description:
      "Branches, hedge cuttings, grass, leaves and old garden furniture, bagged or loose. Green waste goes to composting sites to become soil improver.",
  },
  {
    title: "Office Removal",
    img: "/illustrations/services/office-removal.svg",
    description:
      "Desks, chairs, filing cabinets, partitions and IT equipment cleared around your working hours. You receive a waste transfer note for your duty of care records.",
  },
  {
    title: "Home Removal",
    img: "/illustrations/services/home-removal.svg",
    description:
      "Full or partial house clearances for moves, renovations, rentals and probate. We clear room by room, and you only pay for the space your waste takes up.",
  },
  {
    title: "Appliance Removal",
    img: "/illustrations/services/appliance-removal.svg",
    description:
      "Washing machines, tumble dryers, dishwashers, cookers and ovens taken away and recycled under the WEEE regulations. Please unplug and disconnect them before we arrive; gas cookers must be disconnected by a Gas Safe registered engineer.",
  },
  {
    title: "Fridge Removal",
    img: "/illustrations/services/fridge-removal.svg",
    description:
      "Fridges, freezers and fridge freezers collected whole and taken to a specialist treatment site, where the refrigerant gases and insulating foam are dealt with safely.",
  },
  {
    title: "Electronic Removal",
    img: "/illustrations/services/electronic-removal.svg",
    description:
      "Televisions, monitors, computers, printers, games consoles and small electricals recycled through licensed WEEE facilities. Wipe or remove any storage before collection.",
  },
  {
    title: "Old Batteries Removal",
    img: "/illustrations/services/old-batteries-removal.svg",
    description:
      "Household and larger batteries collected and taken for proper recycling, keeping them out of bins where they can start fires. Tape the terminals of lithium and 9V batteries before handing them over.",
  },
  {
    title: "Mattress Removal",
    img: "/illustrations/services/mattress-removal.svg",
    description:
      "Single, double, king-size and cot mattresses taken away, with bed bases on request. Where possible they go to mattress recyclers, who separate the steel springs, foam and fabric.",
  },
];
