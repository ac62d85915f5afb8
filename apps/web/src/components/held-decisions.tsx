/**
 * Decisions with time to undo, the one pattern of every work list (gate passes, leave): a decision is
 * held for a few seconds with a toast offering Undo and Send now, and only then sent. The countdown
 * stands still while the pointer rests on the toast or the keyboard is in it, so a teacher reading it
 * or reaching for Undo is not overtaken. Held decisions go at once when the page is left or the tab
 * hidden for good, so none is lost.
 */
import { Box, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { commonWord } from '../i18n/words';
import { countdown, type Countdown } from '../lib/countdown';

/** How long a decision waits for Undo before it is sent. */
export const UNDO_WINDOW_MS = 5000;
/** The least time left to undo once the pointer or the keyboard leaves the toast. */
export const RESUME_MS = 2000;

export type Decision = 'approved' | 'rejected';

/** An item whose decision is held or being sent: the work list shows it as decided meanwhile. */
export interface HeldDecision {
  decision: Decision;
  sending: boolean;
}

export interface HeldDecisionsOptions<B extends { decision: Decision }, R> {
  windowMs: number;
  /** Names the toasts of this list's decisions. */
  name: string;
  /** The ids of the items a batch decides. */
  idsOf: (batch: B) => readonly string[];
  /** The toast's words: "Approved the leave of Asha Rao." */
  describe: (batch: B) => string;
  send: (batch: B) => Promise<R>;
  /** The lists to read again once a decision has gone (or failed). */
  refresh: readonly QueryKey[];
  onSent: (batch: B, result: R) => void;
  onFailed: (batch: B, error: Error) => void;
}

let batches = 0;

export function useHeldDecisions<B extends { decision: Decision }, R>(options: HeldDecisionsOptions<B, R>) {
  const { windowMs, name, describe } = options;
  const queryClient = useQueryClient();
  const [held, setHeld] = useState<ReadonlyMap<string, HeldDecision>>(new Map());
  const waiting = useRef(new Map<string, { batch: B; clock: Countdown }>());
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  const mark = useCallback((batch: B, state: HeldDecision | null) => {
    setHeld((before) => {
      const after = new Map(before);
      for (const id of latest.current.idsOf(batch)) {
        if (state) after.set(id, state);
        else after.delete(id);
      }
      return after;
    });
  }, []);

  const take = useCallback((id: string) => {
    const entry = waiting.current.get(id);
    if (!entry) return undefined;
    entry.clock.cancel();
    waiting.current.delete(id);
    notifications.hide(id);
    return entry.batch;
  }, []);

  const send = useCallback(
    async (id: string) => {
      const batch = take(id);
      if (!batch) return;
      mark(batch, { decision: batch.decision, sending: true });
      try {
        latest.current.onSent(batch, await latest.current.send(batch));
      } catch (error) {
        latest.current.onFailed(batch, error instanceof Error ? error : new Error(String(error)));
      } finally {
        // The rows leave the list (or come back) with the list as the server now has it.
        await Promise.all(
          latest.current.refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
        );
        mark(batch, null);
      }
    },
    [mark, queryClient, take],
  );

  const undo = (id: string) => {
    const batch = take(id);
    if (!batch) return;
    mark(batch, null);
  };

  const hold = (id: string, reason: string) => waiting.current.get(id)?.clock.hold(reason);
  const release = (id: string, reason: string) => waiting.current.get(id)?.clock.release(reason);

  const decide = (batch: B) => {
    const id = `${name}-decision-${++batches}`;
    waiting.current.set(id, { batch, clock: countdown(windowMs, () => void send(id), RESUME_MS) });
    mark(batch, { decision: batch.decision, sending: false });
    notifications.show({
      id,
      autoClose: false,
      withCloseButton: false,
      color: batch.decision === 'approved' ? 'teal.9' : 'red.9',
      message: (
        <Box
          onMouseEnter={() => hold(id, 'pointer')}
          onMouseLeave={() => release(id, 'pointer')}
          onFocus={() => hold(id, 'focus')}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) release(id, 'focus');
          }}
        >
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm">{describe(batch)}</Text>
            <Group gap="xs" wrap="nowrap">
              <Button size="compact-sm" variant="default" onClick={() => undo(id)}>
                {commonWord('shared.undo')}
              </Button>
              <Button size="compact-sm" variant="subtle" onClick={() => void send(id)}>
                {commonWord('shared.sendNow')}
              </Button>
            </Group>
          </Group>
        </Box>
      ),
    });
  };

  // Leaving the page, or the tab going away, sends what is held instead of dropping it.
  useEffect(() => {
    const all = waiting.current;
    const flush = () => {
      for (const id of [...all.keys()]) void send(id);
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [send]);

  return { held, decide };
}
