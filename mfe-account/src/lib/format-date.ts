const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** A date as the account pages show it: "November 24, 2026". */
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
