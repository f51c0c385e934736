import { describe, expect, it } from 'vitest';
import type { Category, Group, SalonDetails } from '../../shared/types';
import { call } from './helpers';

describe('public catalogue calls (docs/booking/journey.md §7)', () => {
  it('answers the release', async () => {
    const res = await call('/api/latest/release/ui.booking/production/');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ latest_release: expect.any(String) });
  });

  it("answers a salon's public details with the spec's field names and no secrets", async () => {
    const res = await call('/api/book-online/salon/1/');
    expect(res.status).toBe(200);
    const salon = (await res.json()) as SalonDetails & Record<string, unknown>;
    expect(salon).toMatchObject({
      id: 1,
      name: 'Willow & Co Islington',
      timezone: 'Europe/London',
      currency: 'GBP',
      country: { code: 'GB' },
      group: 1,
      online_booking: true,
      needs_card: true,
      has_waitlist: true,
      theme_mode: 'slick',
      ncob_stylists_count: 4,
      ncob_tiny_url: '/s/demo',
      fb_details: { fb_pixel_id: '' },
    });
    expect(salon.address_line_2).toBe(salon.addressLine2);
    expect(salon.ncob_welcome_message.length).toBeGreaterThan(190);
    expect(salon.salon_ncob_text).toContain('<p>');
    expect(JSON.stringify(salon)).not.toMatch(/admin_key|[0-9a-f]{64}/);
  });

  it('answers services by category with price and duration ranges over the stylists who perform them', async () => {
    const res = await call('/api/book-online/services/1/');
    const cats = (await res.json()) as Category[];
    expect(cats.map((c) => c.name)).toEqual(['Cut & Style', 'Colour', 'Treatments', 'Finishing']);
    const cut = cats[0]!.services[0]!;
    expect(cut).toEqual({
      id: 1,
      name: 'Ladies Cut & Blow Dry',
      description: expect.any(String),
      min_price: 40,
      max_price: 65,
      variable_pricing: false,
      min_duration: 60,
      max_duration: 75,
      has_processing_time: false,
      has_patch_test: false,
      show: true,
    });
    const tint = cats[1]!.services.find((s) => s.name === 'Full Head Tint')!;
    expect(tint).toMatchObject({ has_patch_test: true, has_processing_time: true });
    const balayage = cats[1]!.services.find((s) => s.name === 'Balayage')!;
    expect(balayage).toMatchObject({ variable_pricing: true, min_price: 120, max_price: 150 });
  });

  it('answers a group with its salons and their short URLs', async () => {
    const group = (await (await call('/api/book-online/group/1/')).json()) as Group;
    expect(group.name).toBe('Willow & Co');
    expect(group.salons).toMatchObject([
      { id: 1, name: 'Willow & Co Islington', ncob_tiny_url: '/s/demo' },
      { id: 2, name: 'Willow & Co Shoreditch', ncob_tiny_url: '/s/shoreditch' },
    ]);
  });

  it.each([
    ['/api/book-online/salon/999/', 404, 'Salon not found'],
    ['/api/book-online/services/999/', 404, 'Salon not found'],
    ['/api/book-online/group/999/', 404, 'Group not found'],
    ['/api/book-online/salon/abc/', 400, 'Salon id must be a positive whole number'],
    ['/api/book-online/salon/0/', 400, 'Salon id must be a positive whole number'],
    ['/api/book-online/salon/-1/', 400, 'Salon id must be a positive whole number'],
    ['/api/book-online/salon/99999999999999999999/', 400, 'Salon id must be a positive whole number'],
    ['/api/book-online/services/1e3/', 400, 'Salon id must be a positive whole number'],
    ['/api/book-online/group/%20/', 400, 'Group id must be a positive whole number'],
    ['/api/latest/release/ui.booking/PROD!/', 400, 'Unknown environment name'],
    ['/api/book-online/nothing-here/', 404, 'No API call at /book-online/nothing-here/'],
    ['/api/book-online//salon/1/', 400, 'Malformed API path'],
    ['/api/book-online%2Fsalon/1/', 400, 'Malformed API path'],
    // the dots resolve to /admin/salons/1, which reads a salon's settings only with its key
    ['/api/book-online/%2e%2e/%2e%2e/admin/salons/1', 401, 'Missing or wrong admin key: send Authorization: Bearer <the salon admin key>'],
  ])('GET %s answers %i with a clear message', async (path, status, detail) => {
    const res = await call(path);
    expect(res.status).toBe(status);
    const body = (await res.json()) as { detail: string; request_id: string };
    expect(body.detail).toBe(detail);
    expect(body.request_id).toEqual(expect.any(String));
  });
});
