/** The two tabs of the Free Fire page, chosen by `?tab=activate` (absent: top-up). */
export const FREEFIRE_TABS = ['topup', 'activate'] as const;
export type FreefireTab = (typeof FREEFIRE_TABS)[number];

export const TAB_PARAM = 'tab';

export function parseFreefireTab(search: URLSearchParams): FreefireTab {
  return search.get(TAB_PARAM) === 'activate' ? 'activate' : 'topup';
}

/** The query string for a tab, other parameters kept: `tab=activate`, or no `tab` at all for top-up. */
export function searchForTab(search: URLSearchParams, tab: FreefireTab): URLSearchParams {
  const next = new URLSearchParams(search);
  if (tab === 'activate') next.set(TAB_PARAM, 'activate');
  else next.delete(TAB_PARAM);
  return next;
}

/** The element id of the page's "Free Fire codes" part, where the Activate tab sends a shopper without a code. */
export const FREEFIRE_CODES_ID = 'freefire-codes';
