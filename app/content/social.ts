/** The invitation beside the business's hashtag (Content in the dashboard), when it has one. */
export const socialBlurb: string =
  "Share your before and after photos with our hashtag and show everyone the space you got back after a clear-out with us.";
