import type { CreatedSalon, NewSalon } from '../../../shared/console/new-salon';
import { staffCall } from '../lib/api';

/** Set up's call (docs/get-started.md): a new salon, its owner the signed-in member. */
export const createSalon = (body: NewSalon) => staffCall<CreatedSalon>('salons', { method: 'POST', body });
