import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { CloseIcon } from "./icons";

/**
 * A modal or drawer with its own URL. The server renders it open when the
 * URL says so (works without JavaScript: the close button is a link). With
 * JavaScript it becomes a real modal dialog: focus is trapped, the page
 * behind is inert, Escape and a click outside close it.
 */
export function Overlay({
  title,
  closeTo,
  variant = "modal",
  children,
  footer,
  exitMs = 0,
  wide = false,
}: {
  title: string;
  closeTo: string;
  variant?: "modal" | "drawer";
  children: ReactNode;
  footer?: ReactNode;
  /** with JavaScript, play a closing animation this long before leaving (the staff menu: 300 ms) */
  exitMs?: number;
  /** a modal for a form with tables (a booking's lines): as wide as a tablet allows */
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<(() => void) | null>(null);
  const navigate = useNavigate();
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.matches(":modal")) {
      dialog.close();
      dialog.showModal();
    }
    dialog.dataset.enhanced = "true";
    const close = () => {
      if (dialog.dataset.closing) return;
      dialog.dataset.closing = "true";
      setTimeout(() => navigate(closeTo, { preventScrollReset: true, replace: true }), exitMs);
    };
    closeRef.current = close;
    const onCancel = (event: Event) => {
      event.preventDefault();
      close();
    };
    const onClick = (event: MouseEvent) => {
      if (event.target === dialog) close();
    };
    dialog.addEventListener("cancel", onCancel);
    dialog.addEventListener("click", onClick);
    return () => {
      dialog.removeEventListener("cancel", onCancel);
      dialog.removeEventListener("click", onClick);
    };
  }, [closeTo, navigate, exitMs]);

  return (
    <>
      <Link
        to={closeTo}
        className="overlay-backdrop"
        aria-hidden="true"
        tabIndex={-1}
        preventScrollReset
        replace
      >
        <span className="visually-hidden">Close</span>
      </Link>
      <dialog
        ref={ref}
        open
        className={`overlay overlay-${variant}${wide ? " overlay-wide" : ""}`}
        aria-labelledby={titleId}
      >
        <div className="overlay-header">
          <h2 id={titleId}>{title}</h2>
          <Link
            to={closeTo}
            className="overlay-close"
            aria-label="Close"
            preventScrollReset
            replace
            onClick={(event) => {
              if (!closeRef.current) return;
              event.preventDefault();
              closeRef.current();
            }}
          >
            <CloseIcon />
          </Link>
        </div>
        <div className="overlay-body">{children}</div>
        {footer ? <div className="overlay-footer">{footer}</div> : null}
      </dialog>
    </>
  );
}
