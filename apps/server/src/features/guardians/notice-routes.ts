/**
 * What a guardian reads and chooses besides their children (decision record 0093): the notices
 * meant for guardians of their children's groups, and how each kind of news of each child reaches
 * them by email.
 */
import {
  ErrorSchema,
  GuardianModesUpdateSchema,
  GuardianNoticeListSchema,
  GuardianNoticeQuerySchema,
  GuardianNotificationSettingsSchema,
} from '@campus/contract';
import { z } from 'zod';
import { forbidden } from '../../lib/errors';
import { answerList } from '../../lib/lists';
import { principalOf } from '../../plugins/access';
import type { Feature } from '../deps';
import { noticesRepository } from '../notices/repository';
import { guardiansRepository } from './repository';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };
const TAGS = ['guardians'];

export const guardianNoticeRoutes: Feature = async (app, { db, dialect, mail, now }) => {
  const notices = noticesRepository(db, dialect);
  const repo = guardiansRepository(db);

  app.get(
    '/api/guardian/notices',
    {
      config: { access: ['guardian'] },
      schema: {
        tags: TAGS,
        summary:
          "Notices, events and mentor notices meant for guardians that the signed-in guardian is among: for every guardian, or for the guardians of their children's groups; pinned first, then the latest to start",
        querystring: GuardianNoticeQuerySchema,
        response: { 200: GuardianNoticeListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { accountId } = principalOf(request);
      const viewer = { accountId, role: 'guardian' as const, now: new Date(now()).toISOString() };
      const listed = await notices.guardianNotices(request.query, viewer);
      return answerList(reply, Promise.resolve({ body: listed.items, total: listed.total }));
    },
  );

  app.get(
    '/api/guardian/notification-settings',
    {
      config: { access: ['guardian'] },
      schema: {
        tags: TAGS,
        summary:
          "The signed-in guardian's email choices for each child: went out or returned, attendance at risk, leave decided and notices for guardians; each at once (now), in the one daily digest (digest) or off",
        response: { 200: GuardianNotificationSettingsSchema, ...errors },
      },
    },
    async (request) => mail.guardianModes.settingsOf(principalOf(request).accountId),
  );

  app.put(
    '/api/guardian/notification-settings',
    {
      config: { access: ['guardian'] },
      schema: {
        tags: TAGS,
        summary:
          "Changes the signed-in guardian's email choices for one of their children; a kind left out keeps its choice",
        body: GuardianModesUpdateSchema,
        response: {
          200: z.object({ message: z.string(), settings: GuardianNotificationSettingsSchema }),
          ...errors,
        },
      },
    },
    async (request) => {
      const { accountId } = principalOf(request);
      const { rollNo, modes } = request.body;
      const links = await repo.rollNosOf(accountId);
      if (!links.has(rollNo))
        throw forbidden('You can see only the students linked to you as their guardian');
      await mail.guardianModes.setModes(accountId, rollNo, modes);
      return {
        message: 'Notification settings saved',
        settings: await mail.guardianModes.settingsOf(accountId),
      };
    },
  );
};
