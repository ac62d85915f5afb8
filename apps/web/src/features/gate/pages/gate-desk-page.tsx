/**
 * The gate desk, the guard's one screen: the camera reads a pass's QR code (jsQR on frames of the
 * video), or the guard types its short code; the answer comes at a glance in big type and colour,
 * and the guard confirms the exit or the return. Briefly offline, a credential is checked on the
 * device and what the guard records waits until the network is back.
 */
import { Box, Button, Group, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import jsQR from 'jsqr';
import { useCallback, useEffect, useRef, useState } from 'react';
import { GATE_DIRECTIONS, type GateAnswer, type GateKey } from '@campus/contract';
import { PageTitle } from '../../../components/page-title';
import { api, NetworkError } from '../../../lib/api-client';
import { formatClock, formatDay } from '../../../lib/format';
import { oneOf, useUrlState } from '../../../lib/url-state';
import { confirmMove, scanPass } from '../api';
import { checkOffline, pendingMoves, queueMove, rememberKey, syncMoves } from '../offline';

/**
 * The same code read again within this time of its scan, or of the move recorded for it, is the same
 * scan: a code still in front of the camera leaves "Exit recorded" on screen at least this long
 * before it is read again (and then asks for the return).
 */
const SAME_SCAN_MS = 4000;

interface Shown {
  answer: GateAnswer;
  offline: boolean;
}

const COLOURS: Record<GateAnswer['outcome'], { bg: string; fg: string }> = {
  'allow-exit': { bg: '#0b6e2e', fg: '#fff' },
  'allow-return': { bg: '#0b4f8a', fg: '#fff' },
  exited: { bg: '#0b6e2e', fg: '#fff' },
  returned: { bg: '#0b4f8a', fg: '#fff' },
  refused: { bg: '#a80f0f', fg: '#fff' },
};

function useCamera(onCode: (text: string) => void) {
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const handler = useRef(onCode);
  useEffect(() => {
    handler.current = onCode;
  }, [onCode]);

  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: number | undefined;
    let stopped = false;
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setProblem(
          'This browser cannot use the camera here (the camera needs HTTPS). Type the code instead.',
        );
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
      } catch {
        setProblem('The camera could not be opened. Allow the camera, or type the code instead.');
        return;
      }
      if (stopped || !video.current) return;
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      setRunning(true);
      const tick = () => {
        const v = video.current;
        const c = canvas.current;
        if (v && c && v.videoWidth > 0) {
          c.width = v.videoWidth;
          c.height = v.videoHeight;
          const ctx = c.getContext('2d', { willReadFrequently: true });
          if (ctx) {
            ctx.drawImage(v, 0, 0, c.width, c.height);
            const frame = ctx.getImageData(0, 0, c.width, c.height);
            const found = jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' });
            if (found?.data) handler.current(found.data);
          }
        }
        timer = window.setTimeout(tick, 250);
      };
      tick();
    };
    void start();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);
  return { video, canvas, problem, running };
}

export function GateDeskPage() {
  // What the desk checks lives in the address (`?direction=exit`): an exit-only desk stays one on reload.
  const url = useUrlState();
  const direction = oneOf(url.params.get('direction'), GATE_DIRECTIONS, 'auto');
  const [shown, setShown] = useState<Shown | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [queued, setQueued] = useState(() => pendingMoves().length);
  const last = useRef<{ text: string; at: number } | null>(null);

  // The key and the refusal list, for checking while offline; queued moves are sent when back.
  useEffect(() => {
    const refresh = async () => {
      try {
        rememberKey(await api<GateKey>('/api/gate/key'));
        await syncMoves((m) => confirmMove(m.direction, m.gatepassId));
        setQueued(pendingMoves().length);
      } catch {
        // Offline: the key fetched before stays.
      }
    };
    void refresh();
    const timer = window.setInterval(() => void refresh(), 60_000);
    const onOnline = () => void refresh();
    window.addEventListener('online', onOnline);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', onOnline);
    };
  }, []);

  const check = useCallback(
    async (body: { credential?: string; code?: string }) => {
      setBusy(true);
      setError(null);
      try {
        setShown({ answer: await scanPass({ ...body, direction }), offline: false });
      } catch (err) {
        const local =
          err instanceof NetworkError && body.credential ? await checkOffline(body.credential) : undefined;
        if (local) setShown({ answer: local, offline: true });
        else setError(err instanceof Error ? err.message : 'The code could not be checked');
      } finally {
        setBusy(false);
      }
    },
    [direction],
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
  const { video, canvas, problem, running } = useCamera(onCode);

  /** The code on the desk counts as just read, so its next reading waits for SAME_SCAN_MS. */
  const holdCode = () => {
    if (last.current) last.current = { text: last.current.text, at: Date.now() };
  };

  const confirm = async (move: 'exit' | 'return') => {
    const pass = shown?.answer.gatepass;
    if (!pass) return;
    setBusy(true);
    holdCode();
    try {
      setShown({ answer: await confirmMove(move, pass._id, shown.answer.scanId), offline: false });
    } catch (err) {
      if (err instanceof NetworkError) {
        queueMove({ direction: move, gatepassId: pass._id, at: new Date().toISOString() });
        setQueued(pendingMoves().length);
        setShown({
          answer: {
            outcome: move === 'exit' ? 'exited' : 'returned',
            message: 'Recorded on this device',
            gatepass: pass,
          },
          offline: true,
        });
      } else setError(err instanceof Error ? err.message : 'Could not record it');
    } finally {
      holdCode();
      setBusy(false);
    }
  };

  const answer = shown?.answer;
  const colours = answer ? COLOURS[answer.outcome] : undefined;
  const pass = answer?.gatepass;

  return (
    <>
      <PageTitle>Gate Desk</PageTitle>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <SegmentedControl
            value={direction}
            onChange={(value) => url.change({ direction: value === 'auto' ? null : value })}
            aria-label="What this desk checks"
            data={[
              { value: 'auto', label: 'Both ways' },
              { value: 'exit', label: 'Exit' },
              { value: 'return', label: 'Return' },
            ]}
          />
          {queued > 0 && (
            <Text c="var(--campus-text-warning)">{queued} recorded offline, waiting to be sent</Text>
          )}
        </Group>
        <Box
          style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))' }}
        >
          <Stack gap="sm">
            <Box
              style={{
                position: 'relative',
                background: '#111',
                borderRadius: 8,
                overflow: 'hidden',
                aspectRatio: '4 / 3',
              }}
            >
              <video
                ref={video}
                muted
                playsInline
                aria-label="Camera"
                style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
              />
              {!running && (
                <Text
                  c="#fff"
                  ta="center"
                  style={{
                    position: 'absolute',
                    inset: 0,
                    display: 'grid',
                    placeItems: 'center',
                    padding: 16,
                  }}
                >
                  {problem ?? 'Starting the camera…'}
                </Text>
              )}
            </Box>
            <canvas ref={canvas} hidden />
            <form
              onSubmit={(e) => {
                e.preventDefault();
                if (code.trim()) void check({ code });
              }}
            >
              <Group align="end" gap="sm" wrap="nowrap">
                <TextInput
                  label="Or type the code"
                  placeholder="e.g. 7KQ4 M2XP"
                  value={code}
                  onChange={(e) => setCode(e.currentTarget.value)}
                  size="lg"
                  style={{ flex: 1 }}
                  styles={{
                    input: { fontFamily: 'monospace', letterSpacing: '0.1em', textTransform: 'uppercase' },
                  }}
                />
                <Button type="submit" size="lg" loading={busy}>
                  Check
                </Button>
              </Group>
            </form>
            {error && <Text c="var(--campus-text-danger)">{error}</Text>}
          </Stack>

          <Paper
            role="status"
            aria-live="assertive"
            radius="md"
            p="lg"
            data-testid="gate-answer"
            style={{ background: colours?.bg ?? '#f1f3f5', color: colours?.fg ?? '#212529', minHeight: 280 }}
          >
            {!answer ? (
              <Text size="xl">Show a pass to the camera, or type its code.</Text>
            ) : (
              <Stack gap="sm">
                <Title
                  order={2}
                  c="inherit"
                  style={{ fontSize: 'clamp(2rem, 7vw, 3.2rem)', lineHeight: 1.1 }}
                >
                  {answer.outcome === 'refused' ? 'Refused' : answer.message}
                </Title>
                {answer.outcome === 'refused' && (
                  <Text fw={700} c="inherit" style={{ fontSize: 'clamp(1.3rem, 4vw, 1.8rem)' }}>
                    {answer.message}
                  </Text>
                )}
                {answer.late && (
                  <Text fw={700} c="inherit" size="xl">
                    Late: back after the return time
                  </Text>
                )}
                {shown.offline && (
                  <Text fw={700} c="inherit" size="lg">
                    Checked offline on this device
                  </Text>
                )}
                {pass && (
                  <Group gap="md" wrap="nowrap" align="center">
                    <Box
                      aria-hidden
                      style={{
                        width: 72,
                        height: 72,
                        flex: 'none',
                        borderRadius: '50%',
                        background: '#fff',
                        color: colours?.bg,
                        display: 'grid',
                        placeItems: 'center',
                        fontSize: 28,
                        fontWeight: 800,
                      }}
                    >
                      {pass.initials}
                    </Box>
                    <Stack gap={2}>
                      <Text fw={800} c="inherit" style={{ fontSize: 'clamp(1.4rem, 5vw, 2rem)' }}>
                        {pass.name}
                      </Text>
                      <Text c="inherit" size="lg">
                        {pass.group ? `${pass.group} · ` : ''}Roll No {pass.rollNo}
                      </Text>
                    </Stack>
                  </Group>
                )}
                {pass && (
                  <Text c="inherit" size="xl" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {formatDay(pass.date)} · {formatClock(pass.time)}–
                    {pass.returnBy ? formatClock(pass.returnBy) : 'end of day'}
                  </Text>
                )}
                {pass?.reason && (
                  <Text c="inherit" size="lg">
                    {pass.reason}
                  </Text>
                )}
                {answer.outcome === 'allow-exit' && (
                  <Button
                    size="xl"
                    color="white"
                    c="#0b6e2e"
                    loading={busy}
                    onClick={() => void confirm('exit')}
                  >
                    Allow exit
                  </Button>
                )}
                {answer.outcome === 'allow-return' && (
                  <Button
                    size="xl"
                    color="white"
                    c="#0b4f8a"
                    loading={busy}
                    onClick={() => void confirm('return')}
                  >
                    Allow return
                  </Button>
                )}
              </Stack>
            )}
          </Paper>
        </Box>
      </Stack>
    </>
  );
}
