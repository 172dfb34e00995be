import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countSchema, modifiedSchema, pageOf, paginationQuerySchema } from '#shared/schemas/common.ts';
import {
  notificationIdParamsSchema,
  notificationSchema,
  notificationSettingsSchema,
  updateNotificationSettingsInputSchema,
} from '#shared/schemas/notification.ts';
import { sendPage } from '../../lib/pagination.ts';
import {
  changeNotificationSettings,
  listOwnNotifications,
  notificationSettingsOf,
  readAllNotifications,
  readNotification,
  unreadCountOf,
} from './notifications.service.ts';

/** A member's own notifications and their mail settings (API.md "Notifications"): members only. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, guards, writePath } = app;

  app.get(
    '/api/notifications',
    { onRequest: guards.requireUser, schema: { querystring: paginationQuerySchema, response: { 200: pageOf(notificationSchema) } } },
    async (request, reply) => sendPage(reply, await listOwnNotifications(db, request.viewer!, request.query)),
  );

  app.get(
    '/api/notifications/unread-count',
    { onRequest: guards.requireUser, schema: { response: { 200: countSchema } } },
    async (request) => ({ count: await unreadCountOf(db, request.viewer!) }),
  );

  app.patch(
    '/api/notifications/:id/read',
    { onRequest: guards.requireUser, schema: { params: notificationIdParamsSchema, response: { 200: modifiedSchema } } },
    async (request) => readNotification(writePath, request.viewer!, request.params.id),
  );

  app.post(
    '/api/notifications/read-all',
    { onRequest: guards.requireUser, schema: { response: { 200: modifiedSchema } } },
    async (request) => readAllNotifications(writePath, request.viewer!),
  );

  app.get(
    '/api/notification-settings',
    { onRequest: guards.requireUser, schema: { response: { 200: notificationSettingsSchema } } },
    async (request) => notificationSettingsOf(db, request.viewer!),
  );

  app.patch(
    '/api/notification-settings',
    {
      onRequest: guards.requireUser,
      schema: { body: updateNotificationSettingsInputSchema, response: { 200: notificationSettingsSchema } },
    },
    async (request) => changeNotificationSettings(writePath, request.viewer!, request.body),
  );
};
