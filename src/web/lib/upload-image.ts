// POST /api/uploads/image (multipart field `image`) → { data: { display_url } }: the sign-up
// photo and the images pasted or dropped into the Markdown editor.
import { useMutation } from '@tanstack/react-query';
import { uploadImageResponseSchema } from '#shared/schemas/upload.ts';
import { api } from './api-client.ts';

export async function uploadImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('image', file);
  const answer = await api.post('/uploads/image', body, { schema: uploadImageResponseSchema });
  return answer.data.display_url;
}

/** Uploads one image per call (`mutateAsync(file)` answers its URL). */
export const useUploadImage = () => useMutation({ mutationFn: uploadImage });
