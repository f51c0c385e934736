import { queryOptions } from '@tanstack/react-query';
import type { PushKind, PushSettings, PushSubscriptionAnswer } from '../../../shared/console/push';
import { staffCall } from '../lib/api';

/** Notifications' calls (docs/console/notifications.md): the VAPID key to subscribe with, the subscription kept and stopped. */
export const pushSettingsQuery = () =>
  queryOptions({
    queryKey: ['console', 'push-subscription'] as const,
    queryFn: () => staffCall<PushSettings>('push-subscription'),
    staleTime: Infinity,
  });

export const savePushSubscription = (subscription: PushSubscriptionJSON, kinds: PushKind[]) =>
  staffCall<PushSubscriptionAnswer>('push-subscription', { method: 'PUT', body: { subscription, kinds } });

export const stopPushSubscription = (endpoint: string) =>
  staffCall<void>(`push-subscription?endpoint=${encodeURIComponent(endpoint)}`, { method: 'DELETE' });
