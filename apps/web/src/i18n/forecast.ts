/**
 * The forecast sentences (decision record 0090): where a student will stand in a course, said alike
 * on the student's home and courses, a mentor's courses at risk and a guardian's child. One small
 * area, so each sentence is written once per language, apart from `common` (the sign-in bundle).
 * English comes with these screens' code (the server's sentence word for word); Hindi is loaded
 * (locales/hi/forecast.json) when one of them is shown in Hindi.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import enForecast from './locales/en/forecast.json';
import { i18n } from './i18n';

i18n.addResourceBundle('en', 'forecast', enForecast, true, false);

/** `t` of the forecast catalogue: the part that shows a forecast waits (Suspense) for its Hindi. */
export const useForecastWords = () => useTranslation('forecast');

/**
 * Asks for the catalogue as a screen opens, without waiting for it: the Hindi then comes while the
 * screen's figures do, and the list they fill does not wait for it after them. A later change of
 * language loads it with the other areas in use.
 */
export function usePreloadForecast(): void {
  useEffect(() => {
    void i18n.loadNamespaces('forecast');
  }, []);
}
