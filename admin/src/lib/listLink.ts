/**
 * A list page of the back office with a filter, as react-admin reads it from the address. `basename`
 * is the back office's (useBasename()): the router outside react-admin has none.
 */
export function listLink(resource: string, filter: Record<string, unknown> = {}, basename = ''): { pathname: string; search: string } {
  const search = Object.keys(filter).length > 0 ? `?${new URLSearchParams({ filter: JSON.stringify(filter) }).toString()}` : '';
  return { pathname: `${basename}/${resource}`, search };
}
