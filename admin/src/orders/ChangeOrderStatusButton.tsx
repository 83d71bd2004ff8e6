import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { Menu, MenuItem } from '@mui/material';
import { adminNextStatuses, type OrderStatus } from '@topup/common';
import { useState, type MouseEvent } from 'react';
import { Button, Confirm, useNotify, useRecordContext, useTranslate, useUpdate } from 'react-admin';
import type { AdminOrder } from '@topup/common/api';
import { errorNotification } from '../components/errors';

/** Moves an order along the allowed transitions only, after a confirmation; a refusal shows the API's reason. */
export function ChangeOrderStatusButton() {
  const order = useRecordContext<AdminOrder>();
  const translate = useTranslate();
  const notify = useNotify();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [target, setTarget] = useState<OrderStatus | null>(null);
  const [update, { isPending }] = useUpdate<AdminOrder>();
  if (!order) return null;
  const choices = adminNextStatuses(order.status);
  if (choices.length === 0) return null;

  const statusName = (status: string) => translate(`resources.orders.status.${status}`);
  const close = () => setTarget(null);
  const confirm = () => {
    if (!target) return;
    void update(
      'orders',
      { id: order.id, data: { status: target }, previousData: order },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('resources.orders.notifications.status_changed', {
            type: 'info',
            messageArgs: { id: order.id, status: statusName(target) },
          });
          close();
        },
        onError: (error) => {
          notify(...errorNotification(error));
          close();
        },
      },
    );
  };

  return (
    <>
      <Button
        label="resources.orders.actions.change_status"
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        disabled={isPending}
      >
        <SwapHorizIcon />
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {choices.map((status) => (
          <MenuItem
            key={status}
            onClick={() => {
              setAnchor(null);
              setTarget(status);
            }}
          >
            {translate('resources.orders.actions.move_to', { status: statusName(status) })}
          </MenuItem>
        ))}
      </Menu>
      <Confirm
        isOpen={target !== null}
        loading={isPending}
        title="resources.orders.confirm.status_title"
        titleTranslateOptions={{ id: order.id, status: target ? statusName(target) : '' }}
        content={
          target
            ? translate(`resources.orders.confirm.status_${order.status}_${target}`, {
                _: translate('resources.orders.confirm.status_content', {
                  from: statusName(order.status),
                  to: statusName(target),
                }),
              })
            : ''
        }
        confirm="resources.orders.actions.change_status"
        confirmColor="warning"
        onConfirm={confirm}
        onClose={close}
      />
    </>
  );
}
