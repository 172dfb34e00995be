// PATCH /api/update/membership/{email} { membership: "Gold" } → { modifiedCount }. The
// server answers 402 unless the payment provider confirms this member's payment.
import { useMutation } from '@tanstack/react-query';
import { modifiedSchema } from '#shared/schemas/common.ts';
import { api } from '#web/lib/api-client.ts';

export const upgradeMembership = (email: string): Promise<{ modifiedCount: number }> =>
  api.patch(`/update/membership/${encodeURIComponent(email)}`, { membership: 'Gold' }, { schema: modifiedSchema });

/** The caller refetches the member's record on success: Gold is shown once it reloads as Gold. */
export const useUpgradeMembership = () => useMutation({ mutationFn: upgradeMembership });
