// POST /api/user-data: stores the signed-in member's own profile record.
import { insertedSchema } from '#shared/schemas/common.ts';
import type { UpsertUserDataInput } from '#shared/schemas/user.ts';
import { api } from '#web/lib/api-client.ts';

export const saveUserData = (input: UpsertUserDataInput) => api.post('/user-data', input, { schema: insertedSchema });
