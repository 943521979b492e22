/**
 * One product of the demo catalogue as its category list writes it: prices in pence, VAT
 * included; seed/products.ts turns it into a SeedProduct.
 */

export type ProductRow = readonly [
  name: string,
  price: number,
  insideDismantle: number,
  insideNoDismantle: number,
  /** share of a Luton van of about 10 yd³, in hundredths of a cubic yard */
  load: number,
  /** minutes two people need to carry it out and load it */
  handlingMinutes: number,
  illustration: string,
  description: string,
];
