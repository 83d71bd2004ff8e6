import { useEffect } from 'react';

/** /admin/storefront: leaves the back office for the storefront (which lives outside this router). */
export function GoToStorefront() {
  useEffect(() => {
    window.location.replace('/');
  }, []);
  return null;
}
