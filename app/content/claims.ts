import type { Claim } from "./types";

/** Headline figures shown on the home page. */
export const claims: readonly Claim[] = [
  { value: "13,000+", label: "reviews" },
  { value: "100,000+", label: "customers" },
];

/** Hashtag for customers sharing their clear-outs on social media. */
export const socialHashtag = "#HaulbookClearsIt";

/** One-sentence invitation to share before and after photos. */
export const socialBlurb: string =
  "Share your before and after photos with our hashtag and show everyone the space you got back after a clear-out with us.";
