export interface SceneItem {
  /** exact product name in the shop */
  productName: string;
  /** where the "+" button goes, in percent of the scene's width and height (0–100) */
  x: number;
  y: number;
}
export interface Scene {
  key: "home" | "office" | "garden";
  /** the picker button's label */
  title: "Home Removal" | "Office Removal" | "Garden Removal";
  img: string; // "/illustrations/scenes/home.svg" etc.
  /** one sentence describing the picture for screen readers */
  alt: string;
  items: readonly SceneItem[];
}
export const scenes: readonly Scene[] = [
  {
    key: "home",
    title: "Home Removal",
    img: "/illustrations/scenes/home.svg",
    alt: "A cut-away house with a bedroom holding a wardrobe, an empty bed frame and a mattress leaning on the wall, a living room with a sofa, armchair and television, and a kitchen with a washing machine and fridge freezer.",
    items: [
      { productName: "Double Wardrobe", x: 16.25, y: 34.4 },
      { productName: "Double Bed Frame", x: 40.6, y: 43.6 },
      { productName: "Double Mattress", x: 59.5, y: 35.2 },
      { productName: "Television", x: 14.5, y: 75.2 },
      { productName: "Three-Seater Sofa", x: 36.25, y: 81.6 },
      { productName: "Armchair", x: 55.9, y: 82 },
      { productName: "Washing Machine", x: 72.9, y: 83.6 },
      { productName: "Fridge Freezer", x: 88.75, y: 74.4 },
    ],
  },
  {
    key: "office",
    title: "Office Removal",
    img: "/illustrations/scenes/office.svg",
    alt: "An office floor with a bookcase, a filing cabinet, a desk with a desktop PC and monitor, an office chair and a photocopier in front of a large window.",
    items: [
      { productName: "Bookcase or Shelving Unit", x: 11.25, y: 54 },
      { productName: "Filing Cabinet", x: 25.9, y: 70.4 },
      { productName: "Office Desk", x: 39.1, y: 75.2 },
      { productName: "Desktop PC and Monitor", x: 51.25, y: 52.2 },
      { productName: "Office Chair", x: 73, y: 63.6 },
      { productName: "Printer or Photocopier", x: 89.25, y: 68 },
    ],
  },
  {
    key: "garden",
    title: "Garden Removal",
    img: "/illustrations/scenes/garden.svg",
    alt: "A back garden with a shed, a trampoline, a table and chairs under a parasol, a barbecue, a lawnmower and a full garden waste bag.",
    items: [
      { productName: "Garden Shed", x: 15.6, y: 52.4 },
      { productName: "Trampoline", x: 80.6, y: 47.2 },
      { productName: "Garden Furniture Set", x: 49.4, y: 74.4 },
      { productName: "Barbecue", x: 71.25, y: 75 },
      { productName: "Lawnmower", x: 28.75, y: 85 },
      { productName: "Garden Waste Bag", x: 89.5, y: 86 },
    ],
  },
];
