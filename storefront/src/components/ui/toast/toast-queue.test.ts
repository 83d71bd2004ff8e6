import { describe, expect, it } from 'vitest';
import { DEFAULT_TOAST_DURATION, MAX_TOASTS, pushToast, type Toast } from './toast-queue';

const toast = (id: number, message = `m${id}`): Toast => ({ id, kind: 'info', message, duration: DEFAULT_TOAST_DURATION });

describe('pushToast', () => {
  it('keeps at most 3 toasts, dropping the oldest', () => {
    let list: Toast[] = [];
    for (let id = 1; id <= 5; id += 1) list = pushToast(list, toast(id));
    expect(MAX_TOASTS).toBe(3);
    expect(list.map((t) => t.id)).toEqual([3, 4, 5]);
  });

  it('replaces an identical visible message instead of stacking it', () => {
    const list = pushToast(pushToast([toast(1, 'same'), toast(2)], toast(3, 'same')), toast(4));
    expect(list.map((t) => t.id)).toEqual([2, 3, 4]);
  });
});
