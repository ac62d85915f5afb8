/** The student's approved pass at the gate: its QR code full-screen, black on white, with the short code. */
import { Button, Modal, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatGateCode, type GatePass } from '@campus/contract';
import { formatClock, formatDay } from '../../../lib/format';
import { useStudentWords } from '../../../i18n/student';
import { useGateCredential } from '../api';

/** The QR encoder's code, asked for once a pass that can be shown is listed. */
const loadEncoder = () => import('qrcode');

export function PassQrButton({ pass }: { pass: GatePass }) {
  const { t } = useStudentWords();
  const [open, setOpen] = useState(false);
  // The code and its encoder are fetched while the pass is listed, so a tap at the gate (often
  // without a signal, from what the device kept) shows it at once.
  useGateCredential(pass._id);
  useEffect(() => {
    void loadEncoder().catch(() => undefined);
  }, []);
  return (
    <>
      <Button size="md" onClick={() => setOpen(true)}>
        {t('gatepass.qr.show')}
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        fullScreen
        title={t('gatepass.qr.title', { day: formatDay(pass.date) })}
        styles={{ content: { background: '#fff', color: '#000' } }}
      >
        {open && <PassQr pass={pass} />}
      </Modal>
    </>
  );
}

function PassQr({ pass }: { pass: GatePass }) {
  const { t } = useStudentWords();
  const credential = useGateCredential(pass._id);
  const [image, setImage] = useState<string | null>(null);
  const token = credential.data?.credential;
  useEffect(() => {
    if (!token) return;
    let live = true;
    void loadEncoder()
      .then(({ default: QRCode }) =>
        QRCode.toDataURL(token, {
          errorCorrectionLevel: 'M',
          margin: 4,
          width: 720,
          color: { dark: '#000000', light: '#ffffff' },
        }),
      )
      .then((url) => live && setImage(url));
    return () => {
      live = false;
    };
  }, [token]);
  // On the sheet's white in either scheme: the light scheme's dark red.
  if (credential.error) return <Text c="red.9">{credential.error.message}</Text>;
  return (
    <Stack align="center" gap="md" style={{ color: '#000' }}>
      <Title order={2} size="h3" c="#000">
        {pass.name} · {formatDay(pass.date)} · {formatClock(pass.time)}
        {pass.returnBy ? `–${formatClock(pass.returnBy)}` : ''}
      </Title>
      {image ? (
        <img
          src={image}
          alt={t('gatepass.qr.image')}
          style={{ width: 'min(90vw, 70vh)', height: 'auto', imageRendering: 'pixelated' }}
        />
      ) : (
        <Text>{t('gatepass.qr.preparing')}</Text>
      )}
      {credential.data && (
        <Stack gap={0} align="center">
          <Text size="sm" c="#000">
            {t('gatepass.qr.code')}
          </Text>
          <Text
            data-testid="gate-code"
            fw={800}
            c="#000"
            style={{ fontFamily: 'monospace', fontSize: 'clamp(2rem, 9vw, 3.5rem)', letterSpacing: '0.15em' }}
          >
            {formatGateCode(credential.data.code)}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
