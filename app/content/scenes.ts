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
/** A scene from its key, picker label, description and items ([product name, x, y] each). */
function scene(
  key: Scene["key"],
  title: Scene["title"],
  alt: string,
  items: readonly (readonly [productName: string, x: number, y: number])[],
): Scene {
  return {
    key,
    title,
    img: `/illustrations/scenes/${key}.svg`,
    alt,
    items: items.map(([productName, x, y]) => ({ productName, x, y })),
  };
}

export const scenes: readonly Scene[] = [
  scene(
    "home",
    "Home Removal",
    "A cut-away house with a bedroom holding a wardrobe, an empty bed frame and a mattress leaning on the wall, a living room with a sofa, armchair and television, and a kitchen with a washing machine and fridge freezer.",
    [
      ["Double Wardrobe", 16.25, 34.4],
      ["Double Bed Frame", 40.6, 43.6],
      ["Double Mattress", 59.5, 35.2],
      ["Television", 14.5, 75.2],
      ["Three-Seater Sofa", 36.25, 81.6],
      ["Armchair", 55.9, 82],
      ["Washing Machine", 72.9, 83.6],
      ["Fridge Freezer", 88.75, 74.4],
    ],
  ),
  scene(
    "office",
    "Office Removal",
    "An office floor with a bookcase, a filing cabinet, a desk with a desktop PC and monitor, an office chair and a photocopier in front of a large window.",
    [
      ["Bookcase or Shelving Unit", 11.25, 54],
      ["Filing Cabinet", 25.9, 70.4],
      ["Office Desk", 39.1, 75.2],
      ["Desktop PC and Monitor", 51.25, 52.2],
      ["Office Chair", 73, 63.6],
      ["Printer or Photocopier", 89.25, 68],
    ],
  ),
  scene(
    "garden",
    "Garden Removal",
    "A back garden with a shed, a trampoline, a table and chairs under a parasol, a barbecue, a lawnmower and a full garden waste bag.",
    [
      ["Garden Shed", 15.6, 52.4],
      ["Trampoline", 80.6, 47.2],
      ["Garden Furniture Set", 49.4, 74.4],
      ["Barbecue", 71.25, 75],
      ["Lawnmower", 28.75, 85],
      ["Garden Waste Bag", 89.5, 86],
    ],
  ),
];
