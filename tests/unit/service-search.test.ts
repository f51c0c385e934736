import { describe, expect, it } from 'vitest';
import { nextStepAfterServices } from '../../shared/booking-flow';
import { filterByCategoryQuery, searchServices, visibleCategories } from '../../shared/service-search';
import type { Category, Service } from '../../shared/types';

const svc = (id: number, name: string, extra: Partial<Service> = {}): Service => ({
  id,
  name,
  description: '',
  min_price: 10,
  max_price: 10,
  variable_pricing: false,
  min_duration: 30,
  max_duration: 30,
  has_processing_time: false,
  has_patch_test: false,
  show: true,
  ...extra,
});

const cats: Category[] = [
  { id: 1, name: 'Cut & Style', services: [svc(1, 'Ladies Cut & Blow Dry'), svc(2, 'Gents Cut')] },
  { id: 2, name: 'Colour', services: [svc(3, 'Full Head Tint', { has_processing_time: true }), svc(4, 'Balayage')] },
  { id: 3, name: 'Finishing', services: [svc(5, 'Blow Dry'), svc(6, 'Secret', { show: false })] },
];

describe('service search: case-insensitive substring on the service name', () => {
  it('keeps matching services and hides categories with no match', () => {
    const out = searchServices(cats, 'BLOW');
    expect(out.map((c) => c.name)).toEqual(['Cut & Style', 'Finishing']);
    expect(out[0]!.services.map((s) => s.name)).toEqual(['Ladies Cut & Blow Dry']);
  });

  it('matches the service name, not the category name', () => {
    expect(searchServices(cats, 'colour')).toEqual([]);
  });

  it('shows everything for an empty or blank query', () => {
    expect(searchServices(cats, '')).toEqual(cats);
    expect(searchServices(cats, '   ')).toEqual(cats);
  });

  it('does not change the categories it was given', () => {
    searchServices(cats, 'cut');
    expect(cats[0]!.services).toHaveLength(2);
  });
});

describe('the category query', () => {
  it('filters by category id or name', () => {
    expect(filterByCategoryQuery(cats, '2').map((c) => c.name)).toEqual(['Colour']);
    expect(filterByCategoryQuery(cats, 'colour').map((c) => c.name)).toEqual(['Colour']);
  });
  it('shows everything when absent or unmatched', () => {
    expect(filterByCategoryQuery(cats, null)).toHaveLength(3);
    expect(filterByCategoryQuery(cats, 'nails')).toHaveLength(3);
  });
});

describe('visible services', () => {
  it('hides services not shown online', () => {
    expect(visibleCategories(cats)[2]!.services.map((s) => s.name)).toEqual(['Blow Dry']);
  });
});

describe('NEXT from service selection (docs/booking/journey.md §4 Flow)', () => {
  it('goes to recommended services when the last service has processing time', () => {
    expect(nextStepAfterServices([cats[0]!.services[0]!, cats[1]!.services[0]!], 4)).toBe('/recommendedservice');
  });
  it('goes to staff choice otherwise', () => {
    expect(nextStepAfterServices([cats[1]!.services[0]!, cats[2]!.services[0]!], 4)).toBe('/favouritestylistselect');
    expect(nextStepAfterServices([cats[2]!.services[0]!], 1)).toBe('/timeselect');
  });
});
