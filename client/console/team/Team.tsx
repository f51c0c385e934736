import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { css } from '../../../styled-system/css';
import { CAN, MAY_INVITE, type StaffRole } from '../../../shared/console/roles';
import { staffInviteSchema, type StaffInvite, type StaffMember, type StylistColumn } from '../../../shared/console/team';
import { CallFailed, Loading } from '../../components/CallFailed';
import { fieldInput, selectInput } from '../../components/form-styles';
import { primaryButton } from '../../components/styles';
import { useCurrentSalon } from '../lib/current-salon';
import { screenTitle, sectionBox, sectionTitle } from '../ui/looks';
import { ActionTable } from '../ui/ActionTable';
import { Field } from '../../components/Field';
import { FormAlert } from '../ui/Field';
import { useFormMutation } from '../lib/form-mutation';
import { useSession } from '../lib/session';
import { columnsKey, invite, removeMember, teamKey, teamQuery } from './api';
import { ColumnOfMember, openColumns, useStylistColumns } from './StylistColumn';

const ROLE_WORDS = { owner: 'Owner', manager: 'Manager', stylist: 'Stylist' } as const;

/** Team: who works here and in which role, and inviting someone (owners anyone, managers stylists: MAY_INVITE); owners remove. */
export function Team() {
  const salon = useCurrentSalon();
  const mayRemove = (CAN.removeStaff as readonly StaffRole[]).includes(salon.role);
  const q = useQuery(teamQuery(salon.id));
  const columns = useStylistColumns(salon.id).data ?? [];
  return (
    <>
      <h1 className={screenTitle}>Team</h1>
      <section aria-labelledby="team-list" className={sectionBox}>
        <h2 id="team-list" className={sectionTitle}>
          People at {salon.name}
        </h2>
        {q.isPending ? (
          <Loading what="your team" />
        ) : q.isError ? (
          <CallFailed message={q.error.message} onRetry={() => void q.refetch()} />
        ) : (
          <Members salonId={salon.id} members={q.data} mayRemove={mayRemove} columns={columns} />
        )}
      </section>
      <Invite salonId={salon.id} roles={MAY_INVITE[salon.role]} columns={columns} />
    </>
  );
}

function Members({
  salonId,
  members,
  mayRemove,
  columns,
}: {
  salonId: number;
  members: StaffMember[];
  mayRemove: boolean;
  columns: StylistColumn[];
}) {
  const { me } = useSession();
  const note = css({ display: 'block', fontSize: 'sm', color: 'textMuted' });
  return (
    <ActionTable
      rows={members}
      listKey={teamKey(salonId)}
      columns={[
        {
          header: 'Name',
          cell: (m) => (
            <>
              <span className={css({ fontWeight: '600' })}>{m.name}</span>
              <br />
              <span className={css({ fontSize: 'sm', color: 'textMuted', overflowWrap: 'anywhere' })}>{m.email}</span>
            </>
          ),
        },
        {
          header: 'Role',
          cell: (m) => (
            <>
              {ROLE_WORDS[m.role]}
              {m.status === 'invited' && <span className={note}>Invited</span>}
              {m.via_group && <span className={note}>Through the group</span>}
            </>
          ),
        },
        {
          // a stylist sees only their own column of the diary: which one it is
          header: 'Diary column',
          cell: (m) =>
            m.role === 'stylist' && !m.via_group ? <ColumnOfMember salonId={salonId} member={m} columns={columns} /> : 'All columns',
        },
      ]}
      action={{
        label: 'Remove',
        nameOf: (m) => m.name,
        confirm: (m) => `Remove ${m.name} from the team? They can no longer sign in to this salon.`,
        run: (m) => removeMember(salonId, m),
        offered: (m) => mayRemove && !m.via_group && m.email !== me?.email,
      }}
    />
  );
}

function Invite({ salonId, roles, columns }: { salonId: number; roles: readonly StaffRole[]; columns: StylistColumn[] }) {
  const queries = useQueryClient();
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<StaffInvite>({
    resolver: zodResolver(staffInviteSchema),
    defaultValues: { email: '', name: '', role: roles.includes('manager') ? 'manager' : roles[0], stylist_id: null },
  });
  const { errors, isSubmitting } = form.formState;
  const role = form.watch('role');
  const free = openColumns(columns, null);
  // only a stylist has a column (the select is hidden for the other roles)
  const { submit, failure } = useFormMutation(form, {
    mutationFn: (v) => {
      setDone(null);
      return invite(salonId, { ...v, stylist_id: v.role === 'stylist' ? v.stylist_id : null });
    },
    onSuccess: (_, v) => {
      setDone(`${v.name} is invited: we’ve emailed ${v.email} a temporary password to sign in with.`);
      form.reset({ email: '', name: '', role: v.role, stylist_id: null });
      void queries.invalidateQueries({ queryKey: teamKey(salonId) });
      void queries.invalidateQueries({ queryKey: columnsKey(salonId) });
    },
  });
  return (
    <section aria-labelledby="team-invite" className={sectionBox}>
      <h2 id="team-invite" className={sectionTitle}>
        Invite someone
      </h2>
      <form onSubmit={submit} noValidate className={css({ maxW: '480px' })}>
        <Field label="Name" error={errors.name?.message}>
          {(a) => <input {...a} {...form.register('name')} autoComplete="off" className={fieldInput} />}
        </Field>
        <Field label="Email" error={errors.email?.message}>
          {(a) => <input {...a} {...form.register('email')} type="email" autoComplete="off" className={fieldInput} />}
        </Field>
        <Field
          label="Role"
          hint={
            roles.length > 1
              ? 'Owners can do everything; managers run settings and the day; stylists see their own diary.'
              : 'As a manager you can invite stylists, who see their own diary. Ask an owner to invite a manager or an owner.'
          }
          error={errors.role?.message}
        >
          {(a) => (
            <select {...a} {...form.register('role')} className={`${selectInput} ${css({ w: 'full' })}`}>
              {roles.map((r) => (
                <option key={r} value={r}>
                  {ROLE_WORDS[r]}
                </option>
              ))}
            </select>
          )}
        </Field>
        {role === 'stylist' && (
          <Field
            label="Diary column"
            hint="The column of the diary that is theirs: a stylist sees only their own. You can link it later in the list above."
            error={errors.stylist_id?.message}
          >
            {(a) => (
              <select
                {...a}
                {...form.register('stylist_id', { setValueAs: (v: unknown) => (v === '' || v === null ? null : Number(v)) })}
                className={`${selectInput} ${css({ w: 'full' })}`}
              >
                <option value="">No column yet</option>
                {free.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        {failure && <FormAlert>{failure}</FormAlert>}
        {done && (
          <p role="status" className={css({ mb: '3' })}>
            {done}
          </p>
        )}
        <button type="submit" className={primaryButton} disabled={isSubmitting}>
          {isSubmitting ? 'Inviting…' : 'Send invitation'}
        </button>
      </form>
    </section>
  );
}
