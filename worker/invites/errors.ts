import { MSG_INVITE_INVALID } from '../../shared/invites';
import { AppError } from '../errors';

/** 404 for an invite that is not the caller's (another client's or salon's, or none). */
export const inviteNotFound = () => new AppError('NOT_FOUND', 'Deposit request not found');

/** 409 for an invite that is no longer open (accepted, declined, withdrawn or expired). */
export const inviteClosed = () => new AppError('CONFLICT', MSG_INVITE_INVALID, undefined, 'invite_closed');

/** 402 when a request needs the client's saved card and there is none. */
export const cardMissing = () => new AppError('PAYMENT_REQUIRED', 'Please add a card to confirm this request.', 'payment', 'card_missing');
