/** The language feature's cached reads (decision record 0080). */
import { cachedRead } from '../../db/read-cache';

export const languageKeys = {
  /**
   * Every account that reads in a language other than English, with its language: few, and changed
   * only by a person's own choice or an admin's edit of their account.
   */
  notEnglish: () => cachedRead(['accounts-not-english'], ['accounts']),
};
