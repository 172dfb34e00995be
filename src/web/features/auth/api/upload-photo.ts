// POST /api/uploads/image (multipart field `image`) → { data: { display_url } }.
import { uploadImageResponseSchema } from '#shared/schemas/upload.ts';
import { api } from '#web/lib/api-client.ts';

export async function uploadPhoto(file: File): Promise<string> {
  const body = new FormData();
  body.append('image', file);
  const answer = await api.post('/uploads/image', body, { schema: uploadImageResponseSchema });
  return answer.data.display_url;
}
