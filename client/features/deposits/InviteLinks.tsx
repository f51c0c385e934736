import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useParams } from 'react-router';
import { css } from '../../../styled-system/css';
import { Loading } from '../../components/CallFailed';
import { outlineButton } from '../../components/styles';
import { useSalon } from '../../lib/salon-context';
import { CreateAccount, Login } from '../account';
import { useAuth } from '../auth';
import { cardQuery } from '../payments';
import { inviteLinkQuery } from './api';
import { InviteInvalid } from './InviteInvalid';
import { useInvites } from './useInvites';

/** Whom the link of the route's :code was sent to; an invalid code (or any failure) shows the invalid modal. */
function useInviteLink() {
  const code = useParams().code ?? '';
  const { salon } = useSalon();
  const link = useQuery(inviteLinkQuery(salon.id, code));
  return { code, link };
}

/**
 * Logged in from an invite link: on to that request's pay-deposit, or (just signed up, no card
 * saved) its card step /card-details/{code}; a request not among the client's goes to the feed.
 */
function ToInvite({ code, cardFirst }: { code: string; cardFirst: boolean }) {
  const { salon } = useSalon();
  const { user } = useAuth();
  const invites = useInvites();
  const card = useQuery(cardQuery(salon.id, cardFirst ? user?.username : undefined));
  if (!invites.data && invites.isError) return <Navigate to="/my-feeds" replace />;
  if (!invites.data || (cardFirst && card.isPending)) return <Loading what="your deposit request" />;
  const invite = invites.data.find((i) => i.unique_code === code);
  if (!invite) return <Navigate to="/my-feeds" replace />;
  if (cardFirst && !card.data) return <Navigate to={`/card-details/${code}`} replace />;
  return <Navigate to={`/pay-deposit/${invite.appointment.id}`} replace />;
}

/** /invite/{code}: create account, the invite variant; a number that has an account is offered login. */
export function InviteSignup() {
  const { status } = useAuth();
  const { code, link } = useInviteLink();
  if (status === 'LOGGED_IN') return <ToInvite code={code} cardFirst />;
  if (link.isError) return <InviteInvalid />;
  if (!link.data) return <Loading what="your deposit request" />;
  if (link.data.has_account)
    return (
      <div role="alert" className={css({ my: '4' })}>
        <p className={css({ fontWeight: '600', mb: '1' })}>Ooops, it looks like you&apos;ve already got an account!</p>
        <p className={css({ mb: '3' })}>Try logging in with your mobile number and password below</p>
        <Link to={`/invite-login/${code}`} className={outlineButton}>
          LOGIN
        </Link>
      </div>
    );
  return <CreateAccount invite={link.data} destination={`/invite/${code}`} loginPath={`/invite-login/${code}?registered=1`} />;
}

/** /invite-login/{code}: login with the invited number filled in, then that request's pay-deposit. */
export function InviteLogin() {
  const { status } = useAuth();
  const { code, link } = useInviteLink();
  if (status === 'LOGGED_IN') return <ToInvite code={code} cardFirst={false} />;
  if (link.isError) return <InviteInvalid />;
  if (!link.data) return <Loading what="your deposit request" />;
  return <Login variant="account" phone={link.data.phone_number} destination={`/invite-login/${code}`} />;
}
