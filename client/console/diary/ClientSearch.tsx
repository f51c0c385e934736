import { useId, useState, type KeyboardEvent } from 'react';
import { css } from '../../../styled-system/css';
import type { DeskClient } from '../../../shared/console/diary';
import { Field } from '../../components/Field';
import { fieldInput } from '../../components/form-styles';

/**
 * 'Find a client by name or phone' and the clients found, as a combobox with its list (the ARIA
 * pattern): the focus stays in the field, Down and Up move through the clients, Enter chooses the
 * one marked (the first when none is), a click chooses too. Enter never sends the booking from here.
 */
export function ClientSearch(p: {
  search: string;
  onSearch: (q: string) => void;
  found: DeskClient[] | undefined;
  isChosen: (c: DeskClient) => boolean;
  onChoose: (c: DeskClient) => void;
  error?: string;
}) {
  const listId = useId();
  const [active, setActive] = useState<{ search: string; index: number } | null>(null);
  const found = p.found ?? [];
  const shown = found.length > 0;
  // what the keys marked belongs to the search it was marked in
  const index = active && active.search === p.search && active.index < found.length ? active.index : -1;
  const optionId = (i: number) => `${listId}-${i}`;
  const onKeyDown = (e: KeyboardEvent) => {
    if (!shown) return;
    const move = e.key === 'ArrowDown' ? 1 : e.key === 'ArrowUp' ? -1 : 0;
    if (move) {
      e.preventDefault();
      setActive({ search: p.search, index: Math.max(0, Math.min(index + move, found.length - 1)) });
    } else if (e.key === 'Enter') {
      e.preventDefault();
      p.onChoose(found[Math.max(index, 0)]!);
    }
  };
  return (
    <>
      <Field label="Find a client by name or phone" error={p.error}>
        {(a) => (
          <input
            {...a}
            type="search"
            role="combobox"
            aria-expanded={shown}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={index >= 0 ? optionId(index) : undefined}
            className={fieldInput}
            value={p.search}
            onChange={(e) => p.onSearch(e.target.value)}
            onKeyDown={onKeyDown}
            autoComplete="off"
          />
        )}
      </Field>
      <ul
        id={listId}
        role="listbox"
        aria-label="Clients found"
        hidden={!shown}
        className={css({ listStyle: 'none', p: '0', display: 'grid', gap: '1', mb: '3' })}
      >
        {found.map((c, i) => {
          const chosen = p.isChosen(c);
          return (
            <li
              key={c.id ?? c.phone}
              id={optionId(i)}
              role="option"
              aria-selected={chosen}
              onClick={() => p.onChoose(c)}
              className={css({
                display: 'flex',
                gap: '2',
                alignItems: 'center',
                px: '2',
                py: '1',
                rounded: 'md',
                cursor: 'pointer',
                border: '2px solid',
                borderColor: i === index ? 'focus' : 'transparent',
                bg: chosen ? 'surfaceMuted' : 'transparent',
                fontWeight: chosen ? '700' : '400',
              })}
            >
              <span aria-hidden="true" className={css({ w: '4' })}>
                {chosen ? '✓' : ''}
              </span>
              {c.name} · {c.phone}
            </li>
          );
        })}
      </ul>
    </>
  );
}
