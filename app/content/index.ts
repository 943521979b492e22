export type { WhyChooseUsPoint, Service, HowItWorksStep, FaqItem } from "./types";
export { whyChooseUs } from "./why-choose-us";
export { services } from "./services";
export { howItWorks } from "./how-it-works";
export { faqItems } from "./faq";
export { socialBlurb } from "./social";
