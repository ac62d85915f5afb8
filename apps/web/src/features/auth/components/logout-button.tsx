import { Button } from '@mantine/core';
import { useNavigate } from 'react-router';
import { PATHS } from '@campus/contract';
import { useAccountWords } from '../../../i18n/account';
import { useLogout } from '../api';

export function LogoutButton() {
  const navigate = useNavigate();
  const logout = useLogout();
  const t = useAccountWords();
  return (
    <Button
      variant="outline"
      color="red.8"
      disabled={logout.isPending}
      onClick={() =>
        logout.mutate(undefined, { onSettled: () => void navigate(PATHS.signIn, { replace: true }) })
      }
    >
      {t('password.logout')}
    </Button>
  );
}
