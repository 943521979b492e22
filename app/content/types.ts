/**
 * Shared types for the static marketing content shown on the Haulbook site.
 * These modules hold plain data only; the UI decides how to render it.
 */

/** One reason to choose Haulbook. `icon` is a short kebab-case key the UI maps to an inline SVG. */
export interface WhyChooseUsPoint {
  title: string;
  description: string;
  icon: string;
}

/** A service we offer. `img` is a public path such as "/illustrations/services/sofa.svg". */
export interface Service {
  title: string;
  img: string;
  description: string;
}

/** One step of the booking process. */
export interface HowItWorksStep {
  title: string;
  description: string;
}

/** A frequently asked question: `title` is the question, `description` the answer. */
export interface FaqItem {
  title: string;
  description: string;
}
