import { useEffect } from 'react';
import { css } from '../../../styled-system/css';
import { THEME_MODES } from '../../../shared/constants';
import { Avatar } from '../../components/Avatar';
import { PoweredBy } from '../../components/PoweredBy';
import { headerBar } from '../../components/styles';
import { useRebooking } from './store';

/** Only Panda colour variables with `#rrggbb` values reach the page (the edge's rule, edge/shell.ts). */
const isColourVariable = ([name, value]: [string, string]) => /^--colors-[a-z]+(?:-[a-z]+)*$/.test(name) && /^#[0-9a-f]{6}$/.test(value);

/** The flow's simple header: the salon's name once it is known (and its theme and brand colours on the page). */
export function RebookingHeader() {
  const { client } = useRebooking();
  const salon = client?.salon;
  const theme = salon?.theme_mode;
  const colours = JSON.stringify(Object.entries(salon?.colours ?? {}).filter(isColourVariable));
  useEffect(() => {
    if (theme && (THEME_MODES as readonly string[]).includes(theme)) document.documentElement.dataset.theme = theme;
  }, [theme]);
  useEffect(() => {
    const set = JSON.parse(colours) as [string, string][];
    const root = document.documentElement.style;
    for (const [name, value] of set) root.setProperty(name, value);
    return () => set.forEach(([name]) => root.removeProperty(name));
  }, [colours]);
  return (
    <header className={`${headerBar} ${css({ minH: '58px', gap: '3' })}`}>
      {salon && <Avatar name={salon.name} size={36} />}
      <div className={css({ flex: '1', minW: 0 })}>
        <p className={css({ fontWeight: '700', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' })} title={salon?.name}>
          {salon ? salon.name : 'Book again'}
        </p>
        <PoweredBy />
      </div>
    </header>
  );
}
