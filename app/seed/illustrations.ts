import { electricalArt } from "./art/electrical";
import { furnitureArt } from "./art/furniture";
import { homeArt } from "./art/home";
import { officeArt } from "./art/office";

/** Every seed product's illustration (a complete SVG), by the key products.ts names. */
export const productIllustrations: Readonly<Record<string, string>> = {
  ...furnitureArt,
  ...officeArt,
  ...electricalArt,
  ...homeArt,
};
