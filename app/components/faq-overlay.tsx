import { faq } from "~/content/faq";
import { Overlay } from "./overlay";

/** The header's FAQ: every question and answer, readable without JavaScript (`<details>`). */
export function FaqOverlay({ closeTo }: { closeTo: string }) {
  return (
    <Overlay title="Frequently asked questions" closeTo={closeTo}>
      <div className="faq-list">
        {faq.map((item) => (
          <details key={item.title} className="faq-item">
            <summary>{item.title}</summary>
            <p>{item.description}</p>
          </details>
        ))}
      </div>
    </Overlay>
  );
}
