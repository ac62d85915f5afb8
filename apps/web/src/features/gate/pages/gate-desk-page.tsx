/**
 * The gate desk, the guard's one screen, built for a queue on a phone: the code field first and
 * focused, a camera strip below it, and the answer with its action on the first screen. Each answer
 * sounds and vibrates where the device allows; after a move the field is empty and focused again,
 * and an answer that needs nothing more clears itself. Briefly offline, a credential is checked on
 * the device and what the guard records waits until the network is back.
 */
import { Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { formatGateCode, GATE_DIRECTIONS, type GateAnswer, type GateKey } from '@campus/contract';
import { PageTitle } from '../../../components/page-title';
import { useGuardWords } from '../../../i18n/guard';
import { said } from '../../../i18n/said';
import { api, NetworkError } from '../../../lib/api-client';
import { oneOf, useUrlState } from '../../../lib/url-state';
import { confirmMove, scanPass } from '../api';
import { CameraStrip } from '../components/camera-strip';
import { GateAnswerPanel, type Shown } from '../components/gate-answer';
import { checkOffline, pendingMoves, proofOf, queueMove, rememberKey, syncMoves } from '../offline';
import { signal, signalOf, unlockSound } from '../signal';

/**
 * The same code read again within this time of its scan, or of the move recorded for it, is the same
 * scan: a code still in front of the camera leaves "Exit recorded" on screen at least this long
 * before it is read again (and then asks for the return).
 */
const SAME_SCAN_MS = 4000;
/** How long an answer that needs nothing more (a move done, a refusal) stays before the desk clears. */
export const CLEAR_AFTER_MS = 6000;

/** What was checked: the scanned credential or the typed code, sent again with the move when offline. */
interface Checked extends Shown {
  proof: { credential?: string; code?: string };
}

const acting = (answer: GateAnswer | undefined) =>
  answer?.outcome === 'allow-exit' || answer?.outcome === 'allow-return';

/** While moves wait and the device says it is online, how soon they are tried again. */
const RETRY_QUEUED_MS = 5_000;

/** The key and the refusal list, for checking while offline; queued moves are sent when back. */
function useOfflineSync(setQueued: (n: number) => void) {
  useEffect(() => {
    let retry: number | undefined;
    const refresh = async () => {
      window.clearTimeout(retry);
      try {
        rememberKey(await api<GateKey>('/api/gate/key'));
      } catch {
        // Offline: the key fetched before stays.
      }
      try {
        await syncMoves((m) => confirmMove(m.direction, proofOf(m)));
      } catch {
        // The queue waits.
      }
      const left = pendingMoves().length;
      setQueued(left);
      // The signal often comes back in steps (the first request after "online" can still fail).
      if (left > 0 && navigator.onLine) retry = window.setTimeout(() => void refresh(), RETRY_QUEUED_MS);
    };
    void refresh();
    const timer = window.setInterval(() => void refresh(), 60_000);
    const onOnline = () => void refresh();
    window.addEventListener('online', onOnline);
    return () => {
      window.clearInterval(timer);
      window.clearTimeout(retry);
      window.removeEventListener('online', onOnline);
    };
  }, [setQueued]);
}

export function GateDeskPage() {
  const { t } = useGuardWords();
  // What the desk checks lives in the address (`?direction=exit`): an exit-only desk stays one on reload.
  const url = useUrlState();
  const direction = oneOf(url.params.get('direction'), GATE_DIRECTIONS, 'auto');
  const [shown, setShown] = useState<Checked | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [queued, setQueued] = useState(() => pendingMoves().length);
  const last = useRef<{ text: string; at: number } | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const action = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  useOfflineSync(setQueued);

  useEffect(() => field.current?.focus(), []);

  /** Back to ready: no answer, an empty field with the focus, for the next student. */
  const ready = useCallback(() => {
    setShown(null);
    setCode('');
    setError(null);
    field.current?.focus();
  }, []);

  // Each answer is heard and felt; the focus goes where the guard acts next: the action, or Next pass.
  useEffect(() => {
    if (!shown) return;
    signal(signalOf(shown.answer));
    if (shown.answer.outcome === 'exited' || shown.answer.outcome === 'returned') field.current?.focus();
    else action.current?.focus();
  }, [shown]);

  // An answer that needs nothing more clears itself, unless the guard is already typing the next code.
  useEffect(() => {
    if (!shown || acting(shown.answer)) return;
    const timer = window.setTimeout(() => {
      const typing = document.activeElement === field.current && field.current?.value;
      setShown(null);
      if (typing) return;
      const focus = document.activeElement;
      if (!focus || focus === document.body || panel.current?.contains(focus)) ready();
      else setCode('');
    }, CLEAR_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [shown, ready]);

  const check = useCallback(
    async (proof: { credential?: string; code?: string }) => {
      setBusy(true);
      setError(null);
      try {
        setShown({ answer: await scanPass({ ...proof, direction }), offline: false, proof });
      } catch (err) {
        const local =
          err instanceof NetworkError && proof.credential ? await checkOffline(proof.credential) : undefined;
        if (local) setShown({ answer: local, offline: true, proof });
        else setError(err instanceof Error ? said(t, err.message) : t('desk.checkFailed'));
      } finally {
        setBusy(false);
      }
    },
    [direction, t],
  );

  const onCode = useCallback(
    (text: string) => {
      const now = Date.now();
      if (last.current && last.current.text === text && now - last.current.at < SAME_SCAN_MS) return;
      last.current = { text, at: now };
      void check({ credential: text });
    },
    [check],
  );

  /** The code on the desk counts as just read, so its next reading waits for SAME_SCAN_MS. */
  const holdCode = () => {
    if (last.current) last.current = { text: last.current.text, at: Date.now() };
  };

  const confirm = async (move: 'exit' | 'return') => {
    const pass = shown?.answer.gatepass;
    if (!shown || !pass) return;
    const { scanId } = shown.answer;
    // A scan the server answered is confirmed by its id; one checked offline by its credential.
    const queuedMove = {
      direction: move,
      gatepassId: pass._id,
      at: new Date().toISOString(),
      ...shown.proof,
    };
    setBusy(true);
    holdCode();
    try {
      const answer = await confirmMove(move, scanId ? { scanId, gatepassId: pass._id } : proofOf(queuedMove));
      setShown({ answer, offline: false, proof: shown.proof });
      setCode('');
    } catch (err) {
      if (err instanceof NetworkError) {
        setCode('');
        queueMove({ ...queuedMove, ...(scanId ? { scanId } : {}) });
        setQueued(pendingMoves().length);
        const outcome = move === 'exit' ? 'exited' : 'returned';
        setShown({
          answer: { outcome, message: t('answer.recordedHere'), gatepass: pass },
          offline: true,
          proof: shown.proof,
        });
      } else setError(err instanceof Error ? said(t, err.message) : t('desk.recordFailed'));
    } finally {
      holdCode();
      setBusy(false);
    }
  };

  return (
    <div onPointerDownCapture={unlockSound} onKeyDownCapture={unlockSound}>
      <PageTitle>{t('desk.title')}</PageTitle>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <SegmentedControl
            value={direction}
            onChange={(value) => url.change({ direction: value === 'auto' ? null : value })}
            aria-label={t('desk.checks')}
            size="md"
            styles={{
              label: { minHeight: 44, display: 'flex', alignItems: 'center', justifyContent: 'center' },
            }}
            data={[
              { value: 'auto', label: t('desk.both') },
              { value: 'exit', label: t('desk.exit') },
              { value: 'return', label: t('desk.return') },
            ]}
          />
          {queued > 0 && <Text c="var(--campus-text-warning)">{t('desk.queued', { count: queued })}</Text>}
        </Group>
        <div
          style={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))' }}
        >
          <Stack gap="sm">
            <form
              onSubmit={(e) => {
                e.preventDefault();
                if (code.trim()) void check({ code });
                else field.current?.focus();
              }}
            >
              <Group align="end" gap="sm" wrap="nowrap">
                <TextInput
                  ref={field}
                  label={t('desk.code')}
                  placeholder={formatGateCode('7KQ4M2XP')}
                  value={code}
                  onChange={(e) => setCode(e.currentTarget.value.toUpperCase())}
                  size="lg"
                  maxLength={20}
                  autoComplete="off"
                  autoCapitalize="characters"
                  autoCorrect="off"
                  spellCheck={false}
                  enterKeyHint="go"
                  style={{ flex: 1 }}
                  styles={{ input: { fontFamily: 'monospace', letterSpacing: '0.1em' } }}
                />
                <Button type="submit" size="lg" loading={busy}>
                  {t('desk.check')}
                </Button>
              </Group>
            </form>
            {error && <Text c="var(--campus-text-danger)">{error}</Text>}
            <CameraStrip onCode={onCode} />
          </Stack>
          <div ref={panel}>
            <GateAnswerPanel
              shown={shown}
              busy={busy}
              onConfirm={(move) => void confirm(move)}
              onDismiss={ready}
              actionRef={action}
              clearsIn={CLEAR_AFTER_MS / 1000}
            />
          </div>
        </div>
      </Stack>
    </div>
  );
}
