import type { FaqItem } from "~/content/types";
import { Overlay } from "./overlay";

/**
 * The header's FAQ: every question and answer, readable without JavaScript
 * (`<details>`). The answers come from the layout's loader when the FAQ is
 * opened, so they are not part of every page's script.
 */
export function FaqOverlay({ closeTo, faq }: { closeTo: string; faq: readonly FaqItem[] }) {
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
