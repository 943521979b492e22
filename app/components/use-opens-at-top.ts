import { useEffect } from "react";

/**
 * A page the checkout's form leads to opens at its top. The form keeps its scroll position while
 * the calendar changes month (preventScrollReset), and with JavaScript that would carry on to
 * the page its "Book and pay" ends on; without JavaScript every page opens at the top anyway.
 */
export function useOpensAtTop(): void {
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
}
