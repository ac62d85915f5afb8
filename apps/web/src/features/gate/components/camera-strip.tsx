/**
 * The desk's camera: frames of `getUserMedia` read into a canvas and decoded with jsQR. On a phone it
 * is a short strip, so that the answer below it stays on the first screen; when the camera cannot
 * be used, the strip gives way to one line saying so.
 */
import { Box, Text } from '@mantine/core';
import jsQR from 'jsqr';
import { useEffect, useRef, useState } from 'react';
import { useGuardWords } from '../../../i18n/guard';

function useCamera(onCode: (text: string) => void) {
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  // The key of what keeps the camera from working, in the guard catalogue.
  const [problem, setProblem] = useState<'camera.noHttps' | 'camera.notOpened' | null>(null);
  const [running, setRunning] = useState(false);
  const handler = useRef(onCode);
  useEffect(() => {
    handler.current = onCode;
  }, [onCode]);

  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: number | undefined;
    let stopped = false;
    const read = () => {
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
      timer = window.setTimeout(read, 250);
    };
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setProblem('camera.noHttps');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
      } catch {
        setProblem('camera.notOpened');
        return;
      }
      if (stopped || !video.current) return;
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      setRunning(true);
      read();
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

export function CameraStrip({ onCode }: { onCode: (text: string) => void }) {
  const { video, canvas, problem, running } = useCamera(onCode);
  const { t } = useGuardWords();
  return (
    <>
      <Box
        data-testid="gate-camera"
        // A strip on a phone, a larger picture beside the answer on a wider screen.
        h={{ base: 120, sm: 320 }}
        style={{
          display: problem ? 'none' : 'block',
          position: 'relative',
          background: '#111',
          borderRadius: 8,
          overflow: 'hidden',
        }}
      >
        <video
          ref={video}
          muted
          playsInline
          aria-label={t('camera.label')}
          style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
        {!running && (
          <Text
            c="#fff"
            ta="center"
            style={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', padding: 8 }}
          >
            {t('camera.starting')}
          </Text>
        )}
      </Box>
      {problem && <Text size="sm">{t(problem)}</Text>}
      <canvas ref={canvas} hidden />
    </>
  );
}
