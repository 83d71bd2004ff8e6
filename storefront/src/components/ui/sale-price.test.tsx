// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderWithProviders, textOf } from '../../testing/render';
import { SalePrice } from './sale-price';

/** What a screen reader and a sighted shopper get: the visible text without the hidden words, and all of it. */
const visibleText = (container: HTMLElement) =>
  [...container.querySelectorAll('s, span:not(.visually-hidden)')].filter((node) => node.children.length === 0).map((node) => textOf(node)).join(' ');

describe('a sale price', () => {
  test('shows the list price struck through, the sale price and its percent mark, and says which is which', () => {
    const { container } = renderWithProviders(<SalePrice price={72} listPrice={80} currency="RUB" />);
    expect(textOf(container.querySelector('s') as HTMLElement)).toBe('80,00 ₽');
    expect(visibleText(container)).toBe('80,00 ₽ 72,00 ₽ −10%');
    expect(textOf(container)).toBe('Старая цена: 80,00 ₽ Цена со скидкой: 72,00 ₽ −10%(скидка 10%)');
  });

  test('is the plain price when nothing is taken off', () => {
    const { container } = renderWithProviders(<SalePrice price={80} listPrice={80} currency="RUB" />);
    expect(container.querySelector('s')).toBeNull();
    expect(textOf(container)).toBe('80,00 ₽');
  });

  test('a free unit: the whole price struck through, 100 % off', () => {
    const { container } = renderWithProviders(<SalePrice price={0} listPrice={0.99} currency="USD" />);
    expect(textOf(container.querySelector('s') as HTMLElement)).toMatch(/0,99/);
    expect(screen.getByText('−100%')).toBeInTheDocument();
  });
});
