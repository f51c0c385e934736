import { useEffect, useRef } from 'react';
import { css } from '../../../styled-system/css';
import { SETTING_LABELS, type SettingName, type StaleSettings } from '../../../shared/console/settings';
import { primaryButton } from '../../components/styles';
import { describeValue } from './describe';

/**
 * A save that started from an old version (412): someone else saved meanwhile. Nothing was
 * overwritten; the owner sees what changed and loads the latest settings before saving again.
 */
export function StaleNotice({ stale, mine, onLoadLatest }: { stale: StaleSettings; mine: SettingName[]; onLoadLatest: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  const overlap = stale.changed.filter((f) => mine.includes(f));
  return (
    <div
      ref={box}
      tabIndex={-1}
      role="alert"
      className={css({
        position: 'fixed',
        insetX: '0',
        bottom: '0',
        zIndex: '10',
        bg: 'bg',
        borderTop: '3px solid {colors.danger}',
        p: { base: '4', md: '5' },
        boxShadow: '0 -4px 16px rgba(0,0,0,0.15)',
        maxH: '70dvh',
        overflowY: 'auto',
      })}
    >
      <h2 className={css({ fontSize: 'lg', fontWeight: '700', mb: '2' })}>Not saved: someone else changed these settings meanwhile</h2>
      <p className={css({ mb: '2' })}>Nothing was overwritten. Since you opened this page:</p>
      <ul className={css({ mb: '3', pl: '5', listStyle: 'disc' })}>
        {stale.changed.map((f) => (
          <li key={f}>
            {SETTING_LABELS[f]} is now <strong>{describeValue(f, stale.current.settings[f])}</strong>
          </li>
        ))}
      </ul>
      {overlap.length > 0 && (
        <p className={css({ mb: '3' })}>You changed {overlap.map((f) => SETTING_LABELS[f]).join(', ')} too: check it after loading.</p>
      )}
      <button type="button" className={primaryButton} onClick={onLoadLatest}>
        Load the latest settings
      </button>
    </div>
  );
}
