import { useLocation } from "@remix-run/react";
import { useRef } from "react";

export interface Flash {
  message: string;
}

/**
 * A one-time notice carried across a redirect ("Product added successfully"),
 * rendered on the server as a status message. It belongs to the page the
 * redirect landed on: once the address changes (an overlay opens over the
 * page, say) it is gone, as a notice in the address would have been.
 */
export function FlashNotice({
  flash,
  className = "notice notice-success",
  testId,
}: {
  /** from readFlash in the page's loader: a new object with every loader answer */
  flash: Flash | null | undefined;
  className?: string;
  testId?: string;
}) {
  const location = useLocation();
  const arrived = useRef({ flash, key: location.key });
  if (arrived.current.flash !== flash) arrived.current = { flash, key: location.key };
  if (!flash || arrived.current.key !== location.key) return null;
  return (
    <div role="status" className={className} data-testid={testId}>
      {flash.message}
    </div>
  );
}
