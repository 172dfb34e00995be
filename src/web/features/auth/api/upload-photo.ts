// POST /api/uploads/image (multipart field `image`) → { data: { display_url } }.
import { z } from 'zod';
import { api } from '#web/lib/api-client.ts';

export const uploadImageResponseSchema = z.object({
  data: z.object({ display_url: z.string() }),
});

export async function uploadPhoto(file: File): Promise<string> {
  const body = new FormData();
  body.append('image', file);
  const answer = await api.post('/uploads/image', body, { schema: uploadImageResponseSchema });
  return answer.data.display_url;
}
