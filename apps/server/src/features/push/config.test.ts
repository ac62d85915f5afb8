/** The push settings of the environment: keys both or neither, a subject push services accept, test endpoints in tests only. */
import { describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { pushConfig } from './config';

describe('push configuration', () => {
  it('takes a key pair and a subject, or neither (the database keeps a pair then)', () => {
    const keys = webPush.generateVAPIDKeys();
    expect(
      pushConfig(
        {
          VAPID_PUBLIC_KEY: keys.publicKey,
          VAPID_PRIVATE_KEY: keys.privateKey,
          VAPID_SUBJECT: 'mailto:it@campus.example.edu',
        },
        undefined,
      ),
    ).toEqual({ keys, subject: 'mailto:it@campus.example.edu', allowTestEndpoints: false });
    expect(pushConfig({}, undefined)).toEqual({
      keys: undefined,
      subject: undefined,
      allowTestEndpoints: false,
    });
  });

  it('takes an https PUBLIC_URL as the subject when none is given, never an http one', () => {
    expect(pushConfig({}, 'https://portal.campus.example.edu/').subject).toBe(
      'https://portal.campus.example.edu',
    );
    expect(pushConfig({}, 'http://127.0.0.1:3000').subject).toBeUndefined();
  });

  it('names each problem', () => {
    const keys = webPush.generateVAPIDKeys();
    expect(() => pushConfig({ VAPID_PUBLIC_KEY: keys.publicKey }, undefined)).toThrow(/set both, or neither/);
    expect(() =>
      pushConfig({ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: keys.privateKey }, undefined),
    ).toThrow(/VAPID_PUBLIC_KEY: VAPID_PUBLIC_KEY must be 65 bytes/);
    expect(() => pushConfig({ VAPID_SUBJECT: 'http://campus.example.edu' }, undefined)).toThrow(
      /VAPID_SUBJECT must be a mailto: address or an https:\/\/ URL/,
    );
    expect(() => pushConfig({ PUSH_TEST_ENDPOINTS: 'on', NODE_ENV: 'production' }, undefined)).toThrow(
      /only for tests/,
    );
    expect(pushConfig({ PUSH_TEST_ENDPOINTS: 'on' }, undefined).allowTestEndpoints).toBe(true);
  });
});
