// @vitest-environment happy-dom
import { adminMailsEndpoints, type AdminMailDetail } from '@topup/common/api';
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { on } from '@topup/common/testing';
import { server } from '../testing/api';
import { renderResourcePage } from '../testing/render';
import { MailShow } from './MailShow';

function mail(overrides: Partial<AdminMailDetail>): AdminMailDetail {
  return {
    id: 12,
    kind: 'order_completed',
    status: 'kept',
    recipient: 'olga@mail.ru',
    language: 'ru',
    subject: 'Заказ №1042 выполнен',
    userId: 7,
    orderId: 1042,
    createdAt: '2026-12-08T10:00:00.000Z',
    sentAt: '2026-12-08T10:00:01.000Z',
    text: 'Здравствуйте, olga!\n\nСпасибо за покупку! Заказ №1042 выполнен.',
    html: '<p>Спасибо за покупку!</p>',
    messageId: '<mail-12.1@shop.test>',
    lastError: null,
    ...overrides,
  };
}

function showMail(record: AdminMailDetail) {
  server.use(on(adminMailsEndpoints.get).reply(() => record));
  return renderResourcePage('mails', '/mails/:id/show', `/mails/${record.id}/show`, <MailShow />);
}

describe('a mail on the Mail tab', () => {
  test('a mail kept without a mail server reads in both of its parts, with its order and account', async () => {
    showMail(mail({}));
    expect(await screen.findByRole('heading', { name: 'Заказ №1042 выполнен' })).toBeInTheDocument();
    expect(screen.getByText('Сохранено здесь (нет почтового сервера)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '#1042' })).toBeInTheDocument();
    expect(screen.getByTitle('Заказ №1042 выполнен')).toHaveAttribute('sandbox', '');
    expect(screen.getByText(/Спасибо за покупку! Заказ №1042 выполнен\./)).toBeInTheDocument();
  });

  test('a sent reset mail says why its body is not kept, and a refused one why it was refused', async () => {
    showMail(mail({ id: 13, kind: 'reset_password', status: 'sent', subject: 'Восстановление пароля', orderId: null, text: '', html: '' }));
    expect(await screen.findByText(/Не хранится: в письме была ссылка, открывающая аккаунт/)).toBeInTheDocument();
  });

  test('a refused mail shows the server\'s answer', async () => {
    showMail(mail({ id: 14, status: 'refused', lastError: '550 5.1.1 Mailbox unavailable' }));
    expect(await screen.findByText('550 5.1.1 Mailbox unavailable')).toBeInTheDocument();
    expect(screen.getByText('Отклонено сервером')).toBeInTheDocument();
  });
});
