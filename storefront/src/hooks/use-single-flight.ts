import { useCallback, useRef, useState } from 'react';

/**
 * One run at a time for a button that changes the cart or spends money: a second click while the
 * first runs is ignored. The ref answers at once (a double click lands before React has re-rendered
 * the button as disabled); `busy` is for the button's `disabled` and `aria-busy`.
 */
export function useSingleFlight() {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);

  const run = useCallback(async (action: () => unknown): Promise<void> => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await action();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);

  return { busy, run };
}
