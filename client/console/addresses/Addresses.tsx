import { css } from '../../../styled-system/css';
import { useCurrentSalon } from '../lib/current-salon';
import { screenTitle } from '../ui/looks';
import { DomainSection } from './DomainSection';
import { GroupPickerSection } from './GroupPickerSection';
import { MakeGroupSection } from './MakeGroupSection';
import { useSession } from '../lib/session';
import { ShortNameSection } from './ShortNameSection';

/** Addresses (owner): the salon's short name, its own domain with its status, and a group owner's picker (or, for an owner of several salons, making a group). */
export function Addresses() {
  const salon = useCurrentSalon();
  const { me } = useSession();
  // the salons they own by their own role and in no group of theirs: two or more can be a group
  const ungrouped = (me?.salons ?? []).filter((s) => s.role === 'owner' && s.group_id === null);
  return (
    <>
      <h1 className={screenTitle}>Addresses</h1>
      <p className={css({ mb: '4', maxW: '65ch' })}>
        Where clients find {salon.name}’s booking page: a short link, and a domain of your own.
      </p>
      <ShortNameSection salonId={salon.id} />
      <DomainSection salonId={salon.id} />
      {salon.group_id !== null ? (
        <GroupPickerSection salonId={salon.id} groupId={salon.group_id} />
      ) : (
        ungrouped.length > 1 && <MakeGroupSection salon={salon} mine={ungrouped} />
      )}
    </>
  );
}
