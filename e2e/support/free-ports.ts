/**
 * Ports no other program on the machine listens on, asked of the operating system (a port drawn at
 * random may be a local service's: RabbitMQ's 25672, say). A configuration file is read synchronously,
 * so a short child process holds the ports open together, so that they differ, and lets them go.
 */
import { execFileSync } from 'node:child_process';

const PROGRAM = `
const net = require('node:net');
const servers = Array.from({ length: Number(process.argv[1]) }, () => net.createServer());
Promise.all(servers.map((s) => new Promise((done) => s.listen(0, '127.0.0.1', done)))).then(() => {
  process.stdout.write(servers.map((s) => s.address().port).join(','));
  for (const s of servers) s.close();
});
`;

export function freePorts(count: number): number[] {
  const out = execFileSync(process.execPath, ['-e', PROGRAM, String(count)], { encoding: 'utf8' });
  return out.split(',').map(Number);
}
