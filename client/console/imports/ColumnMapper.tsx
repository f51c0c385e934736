import { useId } from 'react';
import { css } from '../../../styled-system/css';
import { KIND_FIELDS, type ImportKind } from '../../../shared/console/imports';
import { fieldInput } from '../../components/form-styles';

/**
 * A generic file's column mapper (docs/console/imports.md "The column mapper"): each of the file's
 * headers with a choice of our fields for the kind, pre-filled with what the API read it as. The
 * choice travels as the call's `map` (`mapOf`).
 */

/** What the mapper calls each field (the API's own field names are what the calls take). */
export function fieldName(kind: ImportKind, field: string): string {
  if (kind === 'appointments' && field === 'phone') return 'Client phone';
  if (kind === 'appointments' && field === 'client') return 'Client name';
  if (kind === 'services' && field === 'name') return 'Service name';
  if (kind === 'vouchers' && field === 'status') return 'Voucher status';
  return FIELD_NAMES[field] ?? field;
}
const FIELD_NAMES: Record<string, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  name: 'Full name',
  phone: 'Mobile phone',
  landline: 'Landline',
  email: 'Email',
  notes: 'Notes (allergies)',
  birthday: 'Birthday',
  blocked: 'Blocked',
  consent: 'Marketing consent',
  category: 'Category',
  duration: 'Duration',
  extra_time: 'Extra time after',
  processing: 'Processing time',
  price: 'Price',
  online: 'Online booking',
  description: 'Description',
  title: 'Job title',
  status: 'Status',
  code: 'Code',
  balance: 'Balance left',
  initial: 'Original amount',
  expiry: 'Expiry date',
  issued: 'Issue date',
  purchaser: 'Bought by',
  date: 'Date',
  time: 'Time',
  service: 'Service',
  stylist: 'Stylist',
};

/** header → field ('' : not read) */
export type Mapping = Record<string, string>;

/** The API's guesses (field → header) as the mapper's choices (header → field). */
export function mappingOf(headers: string[], columns: Record<string, string>): Mapping {
  const byHeader = Object.fromEntries(Object.entries(columns).map(([field, header]) => [header, field]));
  return Object.fromEntries(headers.map((h) => [h, byHeader[h] ?? '']));
}

/** The choices as the call's `map`: every field of the kind, with its header or '' (not read). */
export function mapOf(kind: ImportKind, mapping: Mapping): Record<string, string> {
  const byField = Object.fromEntries(Object.entries(mapping).flatMap(([header, field]) => (field ? [[field, header]] : [])));
  return Object.fromEntries(KIND_FIELDS[kind].map((f) => [f, byField[f] ?? '']));
}

export function ColumnMapper({
  headers,
  kind,
  mapping,
  onChange,
}: {
  headers: string[];
  kind: ImportKind;
  mapping: Mapping;
  onChange: (m: Mapping) => void;
}) {
  const fields = KIND_FIELDS[kind];
  const id = useId();
  const choose = (header: string, field: string) => {
    const next = { ...mapping, [header]: field };
    // a field is read from one column: another column that had it is no longer read
    if (field) for (const h of headers) if (h !== header && next[h] === field) next[h] = '';
    onChange(next);
  };
  return (
    <fieldset className={css({ border: 'none', p: '0', mt: '3' })}>
      <legend className={css({ fontWeight: '700', mb: '2' })}>What each column holds</legend>
      <p className={css({ color: 'textMuted', fontSize: 'sm', mb: '2' })}>
        Choose which of our fields each column of your file goes into, then check again.
      </p>
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, gap: '2 4' })}>
        {headers.map((h, i) => (
          <div key={`${i}-${h}`} className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
            <label htmlFor={`${id}-${i}`} className={css({ fontWeight: '600', overflowWrap: 'anywhere' })}>
              {h}
            </label>
            <select id={`${id}-${i}`} value={mapping[h] ?? ''} onChange={(e) => choose(h, e.target.value)} className={fieldInput}>
              <option value="">Not read</option>
              {fields.map((f) => (
                <option key={f} value={f}>
                  {fieldName(kind, f)}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
