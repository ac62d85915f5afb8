/**
 * A list's filters. Wide, they stand in the row they are placed in, as they always did; on a phone
 * (below 48em) they fold away behind a "Filters" button that says how many are set, so the list
 * starts near the top of the screen. What is searched stays outside, in view.
 */
import { Button } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import { useCommonWords, type Words } from '../i18n/words';

/** "Filters", or "Filters (2 active)" when some are set. */
export function filtersLabel(active: number, t: Words): string {
  return active > 0 ? t('shared.filtersActive', { active }) : t('shared.filters');
}

export function FilterBar({ active, children }: { active: number; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const { t } = useCommonWords();
  return (
    <div className="filter-bar" data-open={open || undefined}>
      <Button
        className="filters-toggle"
        hiddenFrom="sm"
        variant={active > 0 ? 'light' : 'default'}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        rightSection={<span aria-hidden>{open ? '▲' : '▼'}</span>}
      >
        {filtersLabel(active, t)}
      </Button>
      <div id={id} className="filter-bar-fields">
        {children}
      </div>
    </div>
  );
}
