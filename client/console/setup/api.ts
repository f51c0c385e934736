import type { NewSalon } from '../../../shared/console/new-salon';
import { answer, staffApi } from '../lib/api';

/** Set up's call (docs/get-started.md): a new salon, its owner the signed-in member. */
export const createSalon = (body: NewSalon) => answer(staffApi.console.salons.$post({ json: body }));
