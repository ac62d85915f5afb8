/**
 * What a profile lets its person change: contact details, email notifications (and, for an admin,
 * what guardians are emailed), the password, and signing out. A chunk of its own, with the form code
 * it needs: the profile shows its details first, and these follow (loaded beside the details).
 */
import { Group } from '@mantine/core';
import { ChangePasswordForm } from '../../auth/components/change-password-form';
import { LogoutButton } from '../../auth/components/logout-button';
import { GuardianSettingsCard, NotificationSettings } from '../../mail/components/notification-settings';
import { ContactForm } from './contact-form';
import { DownloadMyData } from '../../privacy/download-my-data';
import { PushSettings } from '../../push/components/push-settings';
import { LanguageSettings } from '../../../i18n/language-settings';
import { ConsentSettingsCard } from '../../guardians/components/consent-settings-card';

export interface Contact {
  email: string;
  phoneNo: string | null;
  withPhone: boolean;
}

export default function ProfileActions({
  contact,
  admin,
}: {
  contact?: Contact | undefined;
  admin: boolean;
}) {
  return (
    <>
      {contact && <ContactForm key={`${contact.email}|${contact.phoneNo ?? ''}`} {...contact} />}
      <NotificationSettings admin={admin} />
      <PushSettings />
      <LanguageSettings />
      {admin && <GuardianSettingsCard />}
      {admin && <ConsentSettingsCard />}
      <ChangePasswordForm />
      <DownloadMyData />
      <Group>
        <LogoutButton />
      </Group>
    </>
  );
}
