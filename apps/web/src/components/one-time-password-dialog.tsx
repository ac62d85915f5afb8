/** A one-time password the server answered, shown once: an admin gives it to the new account's holder. */
import { ShownOnceDialog } from './shown-once-dialog';

export interface IssuedPassword {
  /** Whom it is for, as "Name (User ID)". */
  who: string;
  password: string;
}

/** Shows a one-time password the server answered; once closed it is gone for good. */
export function OneTimePasswordDialog({
  issued,
  onClose,
}: {
  issued: IssuedPassword | null;
  onClose: () => void;
}) {
  return (
    <ShownOnceDialog
      title="One-time password"
      label="One-time password"
      value={issued?.password ?? null}
      readAloud
      warning={
        issued &&
        `Give this one-time password to ${issued.who}. It is shown only this once; they choose their own password when they first sign in with it.`
      }
      onClose={onClose}
    />
  );
}
