export type {
  WhyChooseUsPoint,
  Service,
  BlogArticle,
  HowItWorksStep,
  Testimonial,
  FaqItem,
  Claim,
} from "./types";
export { whyChooseUs } from "./why-choose-us";
export { services } from "./services";
export { blogArticles } from "./blog";
export { howItWorks } from "./how-it-works";
export { testimonials } from "./testimonials";
export { faqItems } from "./faq";
export { claims, socialHashtag, socialBlurb } from "./claims";
