/** The client's saved card as the API answers it (docs/booking/accounts-and-money.md §3 'Card details'). */
export interface SavedCard {
  id: string;
  last4: string;
  brand: string;
  exp_month: number;
  exp_year: number;
}
