import type { authEndpoints, ResponseOf } from '@topup/common/api';
import { api } from '../../../lib/api-client';

/**
 * Revokes this session's token on the server, so a copy of it stops working too. The session is
 * dropped on this device whatever the answer: an offline shopper can still log out.
 */
export async function revokeSession(): Promise<void> {
  try {
    await api.post<ResponseOf<typeof authEndpoints.logout>>('/logout');
  } catch {
    // Already ended (401), or no connection: nothing more to do here.
  }
}
