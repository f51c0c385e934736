const FORMAT = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** An instant as staff read it, in their own timezone: "26 Nov 2026, 14:05". */
export const whenOf = (iso: string) => FORMAT.format(new Date(iso));
