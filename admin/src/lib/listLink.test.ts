import { describe, expect, it } from 'vitest';
import { listLink } from './listLink';

describe('listLink', () => {
  it('puts the filter in the address as react-admin reads it, under the basename', () => {
    expect(listLink('orders', { status: 'failed' }, '/admin')).toEqual({
      pathname: '/admin/orders',
      search: `?filter=${encodeURIComponent('{"status":"failed"}')}`,
    });
    expect(listLink('orders')).toEqual({ pathname: '/orders', search: '' });
  });
});
