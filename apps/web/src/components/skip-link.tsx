/** "Skip to content": the first stop of the keyboard on every page, out of sight until it has focus. */
import { useCommonWords } from '../i18n/words';

/** The id of every page's main region, where the link leads. */
export const CONTENT_ID = 'content';

export function SkipLink() {
  const { t } = useCommonWords();
  return (
    <a
      className="skip-link"
      href={`#${CONTENT_ID}`}
      onClick={(event) => {
        const main = document.getElementById(CONTENT_ID);
        if (!main) return;
        // Focus moves there without `#content` joining the address, which a copied link would carry.
        event.preventDefault();
        main.focus();
      }}
    >
      {t('shared.skip')}
    </a>
  );
}
