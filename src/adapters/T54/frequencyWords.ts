/** How often a premium or a pension comes, in words: 'a year', 'every half-year', ... */
export const PER_FREQUENCY: Record<string, string> = {
  Yearly: 'a year',
  'Half Yearly': 'every half-year',
  Quarterly: 'a quarter',
  Monthly: 'a month',
};
