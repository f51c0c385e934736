import { css } from '../../../styled-system/css';
import type { Place } from './places';
import { screenTitle } from './looks';

/** A place of the console that is not built yet: its name and one honest sentence, no made-up data. */
export function ComingSoon({ place }: { place: Place }) {
  return (
    <>
      <h1 className={screenTitle}>{place.label}</h1>
      <p className={css({ maxW: '60ch' })}>{place.coming}</p>
    </>
  );
}
