import type { FaqEntry } from "~/lib/faq";
import { Overlay } from "./overlay";

/**
 * The header's FAQ: every question and answer, readable without JavaScript
 * (`<details>`). The answers come from the layout's loader when the FAQ is
 * opened, so they are not part of every page's script.
 */
export function FaqOverlay({ closeTo, faq }: { closeTo: string; faq: readonly FaqEntry[] }) {
  return (
    <Overlay title="Frequently asked questions" closeTo={closeTo}>
      <div className="faq-list">
        {faq.map((item) => (
          <details key={item.question} className="faq-item">
            <summary>{item.question}</summary>
            <p>{item.answer}</p>
          </details>
        ))}
      </div>
    </Overlay>
  );
}
