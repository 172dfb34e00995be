import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { insertedSchema } from '#shared/schemas/common.ts';
import { emailParamsSchema, upsertUserDataInputSchema, userRoleSchema, userSchema } from '#shared/schemas/user.ts';
import { getRoleForViewer, getUserForViewer, upsertOwnProfile } from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, guards, writePath } = app;

  app.get(
    '/api/users/role/:email',
    { onRequest: guards.requireUser, schema: { params: emailParamsSchema, response: { 200: userRoleSchema } } },
    async (request) => ({ role: await getRoleForViewer(db, request.viewer!, request.params.email) }),
  );

  app.get(
    '/api/users/:email',
    { onRequest: guards.requireUser, schema: { params: emailParamsSchema, response: { 200: userSchema } } },
    async (request) => getUserForViewer(db, request.viewer!, request.params.email),
  );

  app.post(
    '/api/user-data',
    { onRequest: guards.requireUser, schema: { body: upsertUserDataInputSchema, response: { 200: insertedSchema } } },
    async (request) => upsertOwnProfile(writePath, request.viewer!, request.body),
  );
};
