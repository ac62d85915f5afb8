/**
 * A small SMTP server for the end-to-end run: it accepts every mail on loopback and writes each one
 * whole (an .eml file) to SMTP_SINK_DIR, where a test reads the mail it expects.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

const dir = process.env.SMTP_SINK_DIR;
const port = Number(process.env.SMTP_SINK_PORT);
if (!dir || !port) throw new Error('SMTP_SINK_DIR and SMTP_SINK_PORT are needed');
mkdirSync(dir, { recursive: true, mode: 0o700 });
let count = 0;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((r) => r.address).join(',');
      const name = `${Date.now()}-${++count}.eml`;
      writeFileSync(join(dir, name), `X-Envelope-To: ${to}\r\n${Buffer.concat(chunks).toString('utf8')}`);
      callback();
    });
  },
});
server.listen(port, '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
process.on('SIGINT', () => server.close(() => process.exit(0)));
