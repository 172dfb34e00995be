import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UPLOAD_MAX_BYTES, UPLOAD_TOO_LARGE_MESSAGE } from '#shared/constants.ts';
import { idParamsSchema } from '#shared/schemas/common.ts';
import { uploadImageResponseSchema } from '#shared/schemas/upload.ts';
import { badRequest, notFound, payloadTooLarge, unsupportedMediaType } from '../../lib/app-error.ts';
import { findImageBytes, storeImage } from './uploads.service.ts';

export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, guards, writePath } = app;
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6 },
    throwFileSizeLimit: true,
  });

  app.post(
    '/api/uploads/image',
    {
      onRequest: guards.requireUser,
      config: {
        errors: [400, 413, 415],
        uploadField: { name: 'image', description: 'A PNG, JPEG, WebP or GIF image of at most 5 MB (read by its content)' },
      },
      schema: { response: { 200: uploadImageResponseSchema } },
    },
    async (request) => {
      if (!request.isMultipart()) throw unsupportedMediaType('Send the image as multipart/form-data.');
      let buffer: Buffer | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file' && part.fieldname === 'image' && buffer === null) buffer = await part.toBuffer();
          else if (part.type === 'file') await part.toBuffer();
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw payloadTooLarge(UPLOAD_TOO_LARGE_MESSAGE);
        // More than one file (or a form of many parts) is a malformed request, not a large one.
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
          throw badRequest('Send one image, in the "image" field.', [{ path: 'body', message: 'holds more than one file' }]);
        }
        // The multipart parser's own errors ("Unexpected end of multipart data", a part without
        // headers, no boundary) carry no code: the body is not what its type says.
        throw badRequest('The upload is not a valid multipart/form-data body.', [
          { path: 'body', message: 'is not valid multipart/form-data' },
        ]);
      }
      if (!buffer || buffer.length === 0) {
        throw badRequest('Attach an image in the "image" field.', [{ path: 'body.image', message: 'is required' }]);
      }
      const { id } = await storeImage(writePath, request.viewer!.id, buffer);
      // A same-origin path works behind any host name the forum is reached by.
      return { data: { display_url: `/api/images/${id}` } };
    },
  );

  app.get('/api/images/:id', { schema: { params: idParamsSchema } }, async (request, reply) => {
    const image = await findImageBytes(db, request.params.id);
    if (!image) throw notFound('image');
    return reply
      .header('content-type', image.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(image.bytes));
  });
};
