import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const SAVED_POSITIONS_KEY = 'scroll-positions';

/**
 * Where the shopper was on each address, kept for the tab's life. Keyed by address, not by history entry:
 * a full page load (e.g. the card gateway's return) has no history entry of its own to match.
 */
const positions: Record<string, number> = readSavedPositions();

function readSavedPositions(): Record<string, number> {
  try {
    return JSON.parse(globalThis.sessionStorage?.getItem(SAVED_POSITIONS_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

function savePositions(): void {
  try {
    globalThis.sessionStorage?.setItem(SAVED_POSITIONS_KEY, JSON.stringify(positions));
  } catch {
    /* storage unavailable: positions live for this page only */
  }
}

/** A new page opens at its top (or its #anchor); Back, Forward and a reload return to where the shopper was. */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const address = location.pathname + location.search;
  const shownAddress = useRef<string | null>(null);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    window.addEventListener('pagehide', savePositions);
    return () => {
      window.history.scrollRestoration = 'auto';
      window.removeEventListener('pagehide', savePositions);
    };
  }, []);

  // Registered in the commit, before this page scrolls: a scroll event always lands on the page it belongs to.
  useLayoutEffect(() => {
    const remember = () => {
      positions[address] = window.scrollY;
    };
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [address]);

  useLayoutEffect(() => {
    const sameAddress = shownAddress.current === address;
    shownAddress.current = address;
    if (navigationType === 'POP') {
      // Only the #anchor changed (the skip link): the browser has already scrolled to it.
      if (sameAddress) return;
      const saved = positions[address];
      if (saved !== undefined) {
        window.scrollTo(0, saved);
        return;
      }
    }
    if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [address, location.key, location.hash, navigationType]);

  return null;
}
