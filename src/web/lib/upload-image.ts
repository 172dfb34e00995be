// POST /api/uploads/image (multipart field `image`) → { data: { display_url } }: the sign-up
// photo and the images pasted or dropped into the Markdown editor.
import { useMutation } from '@tanstack/react-query';
import { uploadImageResponseSchema } from '#shared/schemas/upload.ts';
import { api, isApiError } from './api-client.ts';

export async function uploadImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('image', file);
  const answer = await api.post('/uploads/image', body, { schema: uploadImageResponseSchema });
  return answer.data.display_url;
}

/** Uploads one image per call (`mutateAsync(file)` answers its URL). */
export const useUploadImage = () => useMutation({ mutationFn: uploadImage });

/**
 * Why the server refused the file itself (not an image it reads, too large: 415, 413), to be
 * said on the photo field where another is picked; null for any other failure.
 */
export function refusedImageMessage(error: unknown): string | null {
  return isApiError(error) && (error.status === 413 || error.status === 415) ? error.message : null;
}
