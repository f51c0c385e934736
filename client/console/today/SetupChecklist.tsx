import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { css } from '../../../styled-system/css';
import { SETUP_WORDS, type SetupItem } from '../../../shared/console/setup';
import type { StaffSalon } from '../../../shared/console/roles';
import { smallOutlineButton } from '../../components/styles';
import { sectionBox, sectionTitle } from '../ui/looks';
import { placesFor } from '../lib/places';
import { FormAlert } from '../ui/Field';
import { diaryChanged } from '../diary';
import { dismissChecklist } from './api';

const link = css({ color: 'primary', textDecoration: 'underline', fontWeight: '600' });
const mark = css.raw({
  flexShrink: 0,
  w: '6',
  h: '6',
  rounded: 'full',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontWeight: '700',
  border: '2px solid {colors.primary}',
});

/**
 * A new salon's checklist on Today (docs/get-started.md "What is left"): each item a link to the
 * place that does it, ticked from the salon's own rows (Today's `setup`), gone when every item is
 * done or an owner or manager hides it. A place the caller's role cannot open is named, not linked.
 */
export function SetupChecklist({ salon, items }: { salon: StaffSalon; items: SetupItem[] }) {
  const queries = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [hiding, setHiding] = useState(false);
  const mine = new Set<string>(placesFor(salon.role).map((p) => p.path));
  const done = items.filter((i) => i.done).length;

  const hide = async () => {
    setFailure(null);
    setHiding(true);
    try {
      await dismissChecklist(salon.id);
      await diaryChanged(queries, salon.id);
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
    } finally {
      setHiding(false);
    }
  };

  return (
    <section aria-labelledby="today-setup" className={sectionBox}>
      <h2 id="today-setup" className={sectionTitle}>
        Get your salon ready
      </h2>
      <p className={css({ mb: '3' })}>
        {done} of {items.length} done. Each item ticks itself once it is done.
      </p>
      <ol className={css({ listStyle: 'none', mb: '3' })}>
        {items.map((item) => {
          const words = SETUP_WORDS[item.key];
          const label =
            words.place === 'booking-page-live' ? (
              <a href={`/salon/${salon.id}`} className={link}>
                {words.label}
              </a>
            ) : mine.has(words.place.split('/')[0]!) ? (
              <Link to={`../${words.place}`} relative="path" className={link}>
                {words.label}
              </Link>
            ) : (
              <span className={css({ fontWeight: '600' })}>{words.label} (an owner does this)</span>
            );
          return (
            <li
              key={item.key}
              className={css({
                display: 'flex',
                gap: '3',
                alignItems: 'flex-start',
                py: '2',
                borderBottom: '1px solid {colors.surfaceMuted}',
              })}
            >
              <span aria-hidden="true" className={css(mark, item.done && { bg: 'primary', color: 'onPrimary' })}>
                {item.done ? '✓' : ''}
              </span>
              <span>
                {label}
                <span className={css({ display: 'block', color: 'textMuted', fontSize: 'sm' })}>
                  {item.done ? 'Done. ' : 'To do. '}
                  {words.hint}
                </span>
              </span>
            </li>
          );
        })}
      </ol>
      {failure && <FormAlert>{failure}</FormAlert>}
      <button type="button" className={smallOutlineButton} onClick={() => void hide()} disabled={hiding}>
        {hiding ? 'Hiding…' : 'Hide this list'}
      </button>
    </section>
  );
}
