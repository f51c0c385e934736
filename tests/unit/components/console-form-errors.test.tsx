import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../client/console/lib/api';
import { putServerErrors } from '../../../client/console/lib/form-mutation';

// lib/form-mutation.ts: a refused call's field errors on the form's fields, the rest in the notice.

function formOf(values: Record<string, unknown>) {
  const set: Record<string, string> = {};
  const form = {
    getValues: () => values,
    setError: (name: string, e: { message?: string }) => void (set[name] = e.message ?? ''),
  } as unknown as Parameters<typeof putServerErrors>[0];
  return { form, set };
}
// as lib/api.ts's apiErrorOf reads an answer: its words the `detail`, its `field` and `errors`
const refused = (body: { detail?: string; field?: string; errors?: Record<string, string> }, status = 400) =>
  new ApiError(body.detail ?? 'Check the form', status, undefined, undefined, body.field, body.errors, body);

describe('putServerErrors', () => {
  it('puts each field the form has on it, and leaves no notice', () => {
    const { form, set } = formOf({ name: '', email: '' });
    const notice = putServerErrors(form, refused({ errors: { name: 'Too long', email: 'Not an address' } }));
    expect(set).toEqual({ name: 'Too long', email: 'Not an address' });
    expect(notice).toBeNull();
  });

  it('reads a 400 of one field (`field` and its `detail`)', () => {
    const { form, set } = formOf({ hostname: '' });
    expect(putServerErrors(form, refused({ detail: 'Use a subdomain', field: 'hostname' }))).toBeNull();
    expect(set).toEqual({ hostname: 'Use a subdomain' });
  });

  it('a field the form does not have, or no field at all, is the notice', () => {
    const { form, set } = formOf({ name: '' });
    expect(putServerErrors(form, refused({ errors: { salon_id: 'Not yours' } }))).toBe('Check the form');
    expect(putServerErrors(form, refused({ detail: 'Someone else changed it' }, 412))).toBe('Someone else changed it');
    expect(putServerErrors(form, new Error('offline'))).toBe('offline');
    expect(set).toEqual({});
  });

  it('fieldOf maps the server’s field to the form’s, or leaves it to the notice', () => {
    const { form, set } = formOf({ name: '', others: [] });
    const fieldOf = (f: string) => (f === 'salon_ids' ? 'others' : null);
    expect(putServerErrors(form, refused({ errors: { salon_ids: 'In another group' } }), fieldOf)).toBeNull();
    expect(set).toEqual({ others: 'In another group' });
    expect(putServerErrors(form, refused({ errors: { name: 'Taken' } }), fieldOf)).toBe('Check the form');
  });
});
