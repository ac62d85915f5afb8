/**
 * Decisions with time to undo: a decision is held for a few seconds with a toast offering Undo and
 * Send now, and only then sent. The countdown stands still while the pointer rests on the toast or
 * the keyboard is in it, so a teacher reading it or reaching for Undo is not overtaken. Held decisions go at once when the page is left or the
 * tab hidden for good, so none is lost.
 */
import { Box, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { BulkGatePassResult, GatePassDecision } from '@campus/contract';
import { countdown, type Countdown } from '../../../lib/countdown';
import { gatePassKeys, sendDecision, type DecisionBatch } from '../api';

/** How long a decision waits for Undo before it is sent. */
export const UNDO_WINDOW_MS = 5000;
/** The least time left to undo once the pointer or the keyboard leaves the toast. */
export const RESUME_MS = 2000;

/** A pass whose decision is held or being sent: the work list shows it as decided meanwhile. */
export interface HeldDecision {
  decision: GatePassDecision;
  sending: boolean;
}

export interface DelayedDecisionOptions {
  windowMs: number;
  onSent: (batch: DecisionBatch, results: BulkGatePassResult[]) => void;
  onFailed: (batch: DecisionBatch, error: Error) => void;
  /** The teacher took the decision back: the page puts things as they were (the rows' selection). */
  onUndone?: (batch: DecisionBatch) => void;
}

const VERB: Record<GatePassDecision, string> = { approved: 'Approved', rejected: 'Rejected' };

function describe({ passes, decision }: DecisionBatch): string {
  const what = passes.length === 1 ? `the gate pass of ${passes[0]!.name}` : `${passes.length} gate passes`;
  return `${VERB[decision]} ${what}.`;
}

let batches = 0;

export function useDelayedDecisions({ windowMs, onSent, onFailed, onUndone }: DelayedDecisionOptions) {
  const queryClient = useQueryClient();
  const [held, setHeld] = useState<ReadonlyMap<string, HeldDecision>>(new Map());
  const waiting = useRef(new Map<string, { batch: DecisionBatch; clock: Countdown }>());
  const callbacks = useRef({ onSent, onFailed, onUndone });
  useEffect(() => {
    callbacks.current = { onSent, onFailed, onUndone };
  }, [onSent, onFailed, onUndone]);

  const mark = useCallback((batch: DecisionBatch, state: HeldDecision | null) => {
    setHeld((before) => {
      const after = new Map(before);
      for (const pass of batch.passes) {
        if (state) after.set(pass._id, state);
        else after.delete(pass._id);
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
        callbacks.current.onSent(batch, await sendDecision(batch));
      } catch (error) {
        callbacks.current.onFailed(batch, error instanceof Error ? error : new Error(String(error)));
      } finally {
        // The rows leave the list (or come back) with the list as the server now has it.
        await queryClient.invalidateQueries({ queryKey: gatePassKeys.all });
        mark(batch, null);
      }
    },
    [mark, queryClient, take],
  );

  const undo = (id: string) => {
    const batch = take(id);
    if (!batch) return;
    mark(batch, null);
    callbacks.current.onUndone?.(batch);
  };

  const hold = (id: string, reason: string) => waiting.current.get(id)?.clock.hold(reason);
  const release = (id: string, reason: string) => waiting.current.get(id)?.clock.release(reason);

  const decide = (batch: DecisionBatch) => {
    const id = `gatepass-decision-${++batches}`;
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
                Undo
              </Button>
              <Button size="compact-sm" variant="subtle" onClick={() => void send(id)}>
                Send now
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
