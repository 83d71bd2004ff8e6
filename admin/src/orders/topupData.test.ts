import { describe, expect, it } from 'vitest';
import { topupDataRows } from './topupData';

const GAMES: Record<string, string> = { pubg: 'PUBG Mobile', freefire: 'Free Fire', steam: 'Steam' };
const gameName = (service: string) => GAMES[service] ?? service;

describe('topupDataRows', () => {
  it('lists the known fields in reading order and skips empty and nested ones', () => {
    expect(
      topupDataRows({
        offer_name: '100 Diamonds',
        service: 'freefire',
        player_id: '123456789',
        offer_id: 7,
        image_url: '/images/ff.png',
        packages: [{ denomination_id: 1, quantity: 1 }],
        commission: 0,
        login: '',
      }, gameName),
    ).toEqual([
      { field: 'service', value: 'Free Fire' },
      { field: 'player_id', value: '123456789' },
      { field: 'offer_name', value: '100 Diamonds' },
      { field: 'commission', value: '$0.00' },
    ]);
  });

  it('shows a Steam login once even though the player id repeats it', () => {
    const rows = topupDataRows({ service: 'steam', login: 'gamer_1', player_id: 'gamer_1', amount: 10, input_currency: 'usd' }, gameName);
    expect(rows.map((row) => row.field)).toEqual(['service', 'login', 'amount', 'input_currency']);
  });

  it('gives nothing for missing or malformed data', () => {
    expect(topupDataRows(null, gameName)).toEqual([]);
    expect(topupDataRows('x', gameName)).toEqual([]);
    expect(topupDataRows([1], gameName)).toEqual([]);
  });

  it('reads the game by its name, prices as money and a PUBG top-up of packages by its UC, never as raw values', () => {
    const pubg = {
      service: 'pubg',
      player_id: '5123457',
      offer_id: -1,
      offer_name: 'PUBG Topup 720 UC',
      price_usd: 5.98,
      price_rub: 472.42,
      currency: 'rub',
      packages: [{ denomination_id: 3, quantity: 1, uc_amount: 660 }, { denomination_id: 1, quantity: 1, uc_amount: 60 }],
    };
    expect(topupDataRows(pubg, gameName)).toEqual([
      { field: 'service', value: 'PUBG Mobile' },
      { field: 'player_id', value: '5123457' },
      { field: 'offer_name', value: 'PUBG Mobile 720 UC' },
      { field: 'price_usd', value: '$5.98' },
      { field: 'price_rub', value: '472,42\u00a0₽' },
      { field: 'currency', value: 'RUB' },
    ]);
    const steam = topupDataRows({ service: 'steam', login: 'gamer_1', amount: 12.5, input_currency: 'eur' }, gameName);
    expect(steam.find((row) => row.field === 'amount')?.value).toMatch(/12[.,]50/);
    const dataGame = topupDataRows({ service: 'mobile-legends', game_title: 'Mobile Legends', player_id: '1' }, gameName);
    expect(dataGame[0]).toEqual({ field: 'service', value: 'Mobile Legends' });
  });
});
