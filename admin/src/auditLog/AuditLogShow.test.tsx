// @vitest-environment happy-dom
import { adminAuditLogEndpoints, type AuditLogRecord } from '@topup/common/api';
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { on } from '@topup/common/testing';
import { server } from '../testing/api';
import { renderResourcePage } from '../testing/render';
import { AuditLogShow } from './AuditLogShow';

function entry(overrides: Partial<AuditLogRecord>): AuditLogRecord {
  return { id: 7, actorId: 1, actorNickname: 'admin', action: 'product.update', entity: 'product', entityId: '3', before: null, after: null, requestId: null, createdAt: '2026-03-04T12:30:00.000Z', ...overrides };
}

function showEntry(record: AuditLogRecord) {
  server.use(on(adminAuditLogEndpoints.get).reply(() => record));
  return renderResourcePage('audit-log', '/audit-log/:id/show', `/audit-log/${record.id}/show`, <AuditLogShow />);
}

describe('an entry of the activity log', () => {
  test('a product change reads field by field, in words', async () => {
    showEntry(
      entry({
        before: { id: 3, title: 'Steam', game_currency: 'USD', translations: { en: { title: 'Steam' } } },
        after: { id: 3, title: 'Steam', game_currency: 'TRY', translations: { en: { title: 'Steam Wallet' } } },
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Товар изменён' })).toBeInTheDocument();
    expect(screen.getByText('Игровая валюта')).toBeInTheDocument();
    expect(screen.getByText('TRY')).toBeInTheDocument();
    expect(screen.getByText('Переводы · EN · Название')).toBeInTheDocument();
    expect(screen.getByText('Steam Wallet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Товар Steam' })).toBeInTheDocument();
    expect(screen.queryByText(/\{"en"/)).not.toBeInTheDocument();
  });

  test('a support request read and an exchange rate are named, not shown by their internal names', async () => {
    showEntry(entry({ action: 'support_message.read', entity: 'support_message', entityId: '318', after: { id: 318, status: 'open' } }));
    expect(await screen.findByRole('heading', { name: 'Обращение открыто' })).toBeInTheDocument();
    expect(screen.getByText('Обращение в поддержку #318')).toBeInTheDocument();
    expect(screen.queryByText('support_message.read')).not.toBeInTheDocument();
  });

  test('an exchange rate is named by its pair', async () => {
    showEntry(entry({ action: 'currency_rate.update', entity: 'currency_rate', entityId: '2', before: { id: 2, from: 'usd', to: 'rub', rate: '79' }, after: { id: 2, from: 'usd', to: 'rub', rate: '80' } }));
    expect(await screen.findByRole('link', { name: 'Курс валюты USD → RUB' })).toBeInTheDocument();
    expect(screen.queryByText('Курс валюты #2')).not.toBeInTheDocument();
  });
});
