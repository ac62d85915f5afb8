/** A mail test server (`createMailTestApp`) that also pushes to a stand-in push service on loopback. */
import { createMailTestApp, type MailTestApp, type MailTestAppOptions } from './mail-app';
import { startPushService, type PushServiceStandIn } from './push-service';

export interface PushTestApp extends MailTestApp {
  pushes: PushServiceStandIn;
  /** Sends every push message that is due, after the work the server started apart from requests. */
  deliverPushes(): Promise<void>;
}

export async function createPushTestApp(
  options: Omit<MailTestAppOptions, 'push'> = {},
): Promise<PushTestApp> {
  const pushes = await startPushService();
  const server = await createMailTestApp({
    ...options,
    push: { allowTestEndpoints: true, subject: 'mailto:it@test.example' },
  });
  const { app } = server.t;
  return {
    ...server,
    pushes,
    async deliverPushes() {
      await app.mail.settled();
      await app.push.settled();
      while ((await app.push.deliverDue()) > 0) {
        /* until nothing is due */
      }
    },
    async close() {
      await server.close();
      await pushes.close();
    },
  };
}
