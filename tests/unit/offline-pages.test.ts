import { describe, expect, it } from 'vitest';
import { keptForOffline } from '../../shared/offline';

describe('the pages the service worker may keep for offline (shared/offline.ts)', () => {
  it("keeps a salon's, a group's and the landing pages", () => {
    for (const path of ['/', '/salon/1', '/salon/1/time', '/group/1/', '/salon/2/my-book']) expect(keptForOffline(path), path).toBe(true);
  });

  it("never the edge's other paths, nor a screen whose address carries a code", () => {
    for (const path of [
      '/api/book-online/salon/1/',
      '/admin/salons/1',
      '/session/me',
      '/webhooks/stripe',
      '/realtime/auth',
      '/media/0123.png',
      '/__dev/outbox',
      '/salon/1/invite/abc123',
      '/salon/1/invite-login/abc123',
      '/salon/1/card-details/abc123',
      '/verify/1/abc',
      '/opt-out/verify/1/abc',
      '/auth/abcdef',
    ])
      expect(keptForOffline(path), path).toBe(false);
  });
});
