import { useQuery } from '@tanstack/react-query';
import type { SupportSettings } from '@topup/common/api';
import { api } from '../../../lib/api-client';

export function getSupportSettings({ signal }: { signal?: AbortSignal } = {}): Promise<SupportSettings> {
  return api.get<SupportSettings>('/support/settings', { signal });
}

/** The support page's messenger and intro, as the back office set them. */
export function useSupportSettings() {
  return useQuery({ queryKey: ['support-settings'], queryFn: ({ signal }) => getSupportSettings({ signal }) });
}
