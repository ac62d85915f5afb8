/**
 * The signed-in person's language (decision record 0090): read after sign-in by the web app, and set
 * from the sign-in page's switch or the profile. The server writes that person's notifications and
 * mails in it; the API's own messages stay English.
 */
import { AccountLanguageSchema, ErrorSchema, LanguageSchema, ROLES, type Language } from '@campus/contract';
import { principalOf } from '../../plugins/access';
import type { Feature } from '../deps';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

/** A stored language the web app knows, else English. */
export const knownLanguage = (stored: string | null | undefined): Language =>
  LanguageSchema.safeParse(stored).success ? (stored as Language) : 'en';

export const languageRoutes: Feature = async (app, { db }) => {
  app.get(
    '/api/profile/language',
    {
      config: { access: ROLES },
      schema: {
        tags: ['profile'],
        summary: 'The language I read the portal in, and get my notifications and mails in',
        response: { 200: AccountLanguageSchema, ...errors },
      },
    },
    async (request) => {
      const me = principalOf(request);
      const row = await db
        .selectFrom('accounts')
        .select('language')
        .where('id', '=', me.accountId)
        .executeTakeFirst();
      return { language: knownLanguage(row?.language) };
    },
  );

  app.put(
    '/api/profile/language',
    {
      config: { access: ROLES },
      schema: {
        tags: ['profile'],
        summary: 'Sets the language I read the portal in, and get my notifications and mails in',
        body: AccountLanguageSchema,
        response: { 200: AccountLanguageSchema, ...errors },
      },
    },
    async (request) => {
      const me = principalOf(request);
      await db
        .updateTable('accounts')
        .set({ language: request.body.language })
        .where('id', '=', me.accountId)
        .execute();
      return { language: request.body.language };
    },
  );
};
