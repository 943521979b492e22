/**
 * Shared types for the fixed content the shop carries (the service tiles' drawings and words).
 * The business's own words (reasons, steps, questions, reviews, posts) are data: Content in the
 * dashboard (docs/rules.md#content).
 */

/** A service tile. `img` is a public path such as "/illustrations/services/sofa.svg". */
export interface Service {
  title: string;
  img: string;
  description: string;
}
