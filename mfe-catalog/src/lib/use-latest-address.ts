import { useEffect, useRef } from 'react';

/**
 * The address a page's last change went to, until the router has drawn it. The router draws a
 * new address as a transition: a second tap right after a first (a colour, then a size; a filter,
 * then a sort) must start from where the first went, not from the page drawn before it, or the
 * first choice is lost. `drawn` is the address the page is drawn for now.
 */
export function useLatestAddress(drawn: string) {
  const pending = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (pending.current === drawn) pending.current = undefined;
  }, [drawn]);
  return {
    latest: () => pending.current ?? drawn,
    went: (address: string) => {
      pending.current = address;
    },
  };
}
