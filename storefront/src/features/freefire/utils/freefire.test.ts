import { describe, expect, it } from 'vitest';
import type { FreefireOffer } from '@topup/common/api';
import { freefirePlayerName } from '../api/check-player';
import { activationFailure, canActivate } from './activation';
import { pickPrice } from '../../../lib/currency';
import { offerUnit, visibleOffers } from './offers';
import { parseFreefireTab, searchForTab } from './tabs';
import { buildFreefireTopupData, FREEFIRE_IMAGE } from './topup-data';

// Prices outside the contract's numbers check the specification's rule: strings parsed, anything invalid 0.
const offer = (over: Partial<Record<keyof FreefireOffer, unknown>>) => ({
  id: 1,
  item_id: 101,
  name: '100 Diamonds',
  is_active: true,
  price: 0.99,
  price_rub: 78.21,
  ...over,
}) as FreefireOffer;

describe('visibleOffers', () => {
  it('shows only active offers with a price in some currency', () => {
    const offers = [
      offer({ item_id: 1 }),
      offer({ item_id: 2, is_active: false }),
      offer({ item_id: 3, price: 0, price_rub: 0 }),
      offer({ item_id: 4, price: null, price_rub: '150.00' }),
      offer({ item_id: 5, price: '1.99', price_rub: null }),
      offer({ item_id: 6, price: 'abc', price_rub: '' }),
    ];
    expect(visibleOffers(offers).map((o) => o.item_id)).toEqual([1, 4, 5]);
  });

  it('copes with a missing list', () => {
    expect(visibleOffers(undefined)).toEqual([]);
    expect(visibleOffers(null)).toEqual([]);
  });

  it('prices an offer in the display currency (price is USD; sums are it converted)', () => {
    expect(pickPrice(offerUnit(offer({})), 'USD')).toBe(0.99);
    expect(pickPrice(offerUnit(offer({})), 'RUB')).toBe(78.21);
    expect(pickPrice(offerUnit(offer({})), 'UZS', '12650')).toBe(12_524);
    expect(pickPrice(offerUnit(offer({ price_rub: '79.00' })), 'RUB')).toBe(79);
    expect(pickPrice(offerUnit(offer({ price_rub: null })), 'RUB')).toBe(0);
  });
});

describe('buildFreefireTopupData', () => {
  it('carries the offer item id and name, both prices and the paying currency in lowercase', () => {
    expect(buildFreefireTopupData({ offer: offer({ item_id: 102, name: '310 Diamonds', price: 2.99, price_rub: '236.21' }), playerId: ' 123456789 ', currency: 'RUB' })).toEqual({
      service: 'freefire',
      login: '123456789',
      player_id: '123456789',
      offer_id: 102,
      offer_name: '310 Diamonds',
      price_usd: 2.99,
      price_rub: 236.21,
      input_currency: 'rub',
      currency: 'rub',
      commission: 0,
      image_url: FREEFIRE_IMAGE,
    });
  });

  it('says usd when paying in dollars', () => {
    const data = buildFreefireTopupData({ offer: offer({}), playerId: '123456', currency: 'USD' });
    expect(data.currency).toBe('usd');
    expect(data.input_currency).toBe('usd');
    expect(data.price_usd).toBe(0.99);
  });
});

describe('Free Fire tabs', () => {
  it('reads the tab from ?tab=activate, anything else is the top-up tab', () => {
    expect(parseFreefireTab(new URLSearchParams(''))).toBe('topup');
    expect(parseFreefireTab(new URLSearchParams('tab=activate'))).toBe('activate');
    expect(parseFreefireTab(new URLSearchParams('tab=other'))).toBe('topup');
  });

  it('writes tab=activate, removes the parameter for top-up and keeps the others', () => {
    expect(searchForTab(new URLSearchParams('ref=home'), 'activate').toString()).toBe('ref=home&tab=activate');
    expect(searchForTab(new URLSearchParams('tab=activate&ref=home'), 'topup').toString()).toBe('ref=home');
    expect(searchForTab(new URLSearchParams(''), 'topup').toString()).toBe('');
  });

  it('leaves the given parameters untouched', () => {
    const current = new URLSearchParams('tab=activate');
    searchForTab(current, 'topup');
    expect(current.get('tab')).toBe('activate');
  });
});

describe('code activation', () => {
  it('needs a player id and a code that are more than blanks', () => {
    expect(canActivate('123456', 'DEMO-AAAA-BBBB-CCCC')).toBe(true);
    expect(canActivate('  ', 'DEMO')).toBe(false);
    expect(canActivate('123456', ' ')).toBe(false);
  });

  it('translates the refusals the API knows, else shows its text, else the fallback', () => {
    expect(activationFailure({ error: 'Invalid code. Check the code and try again.' })).toEqual({ key: 'freefire.activation_errors.invalid_code' });
    expect(activationFailure({ error: 'This code has already been activated.' })).toEqual({ key: 'freefire.activation_errors.already_activated' });
    expect(activationFailure({ error: 'Player not found. Check the player ID and try again.' })).toEqual({
      key: 'freefire.activation_errors.player_not_found',
    });
    expect(activationFailure({ error: 'The game declined this activation for this player. Please contact support.' })).toEqual({
      key: 'freefire.activation_errors.declined',
    });
    expect(activationFailure({ error: 'The game did not accept this code. Please contact support.' })).toEqual({
      key: 'freefire.activation_errors.not_accepted',
    });
    expect(activationFailure({ error: 'Something new' })).toEqual({ text: 'Something new' });
    expect(activationFailure({ error: '  ' })).toEqual({ key: 'freefire.activation_failed' });
    expect(activationFailure({})).toEqual({ key: 'freefire.activation_failed' });
    expect(activationFailure(undefined)).toEqual({ key: 'freefire.activation_failed' });
  });
});

describe('freefirePlayerName', () => {
  it('reads the nickname only from a successful check', () => {
    expect(freefirePlayerName({ success: true, player_name: 'Player6789' })).toBe('Player6789');
    expect(freefirePlayerName({ success: false, error: 'Player not found' })).toBeNull();
    expect(freefirePlayerName({ success: true })).toBeNull();
    expect(freefirePlayerName(undefined)).toBeNull();
  });
});
