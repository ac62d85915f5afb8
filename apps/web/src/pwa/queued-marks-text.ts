import type { TFunction } from 'i18next';

/** "1 mark waiting to send", "3 marks waiting to send", with a roster screen's `t` (roster catalogue). */
export const waitingText = (t: TFunction<'roster'>, count: number): string => t('queue.waiting', { count });
