export const membershipKeys = {
  all: ['membership'] as const,
  /** The payment started for this member when the page opened (its client secret). */
  payment: (email: string) => [...membershipKeys.all, 'payment', email] as const,
};
