import type { Category } from '../../../shared/types';

/** A service picker's options: 'Choose a service', then the salon's services grouped by category. */
export function ServiceOptions({ categories }: { categories: readonly Category[] | undefined }) {
  return (
    <>
      <option value="">Choose a service</option>
      {categories?.map((c) => (
        <optgroup key={c.id} label={c.name}>
          {c.services.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}
