import type { ReactNode } from "react";

/**
 * One band of the home page: a full-width section labelled by its heading, inside the page
 * container, with the small eyebrow line above the heading when it has one.
 */
export function HomeSection({
  name,
  className,
  id,
  eyebrow,
  title,
  children,
}: {
  /** names the heading's id, `${name}-title` */
  name: string;
  /** classes after "section", e.g. "section-cream" */
  className?: string;
  id?: string;
  eyebrow?: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section
      className={className ? `section ${className}` : "section"}
      id={id}
      aria-labelledby={`${name}-title`}
    >
      <div className="container">
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        <h2 id={`${name}-title`}>{title}</h2>
        {children}
      </div>
    </section>
  );
}
