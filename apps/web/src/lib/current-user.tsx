/** The signed-in user of a role area, provided once by the area's guard. */
import { createContext, useContext } from 'react';
import type { Decoded } from '@campus/contract';

export const CurrentUserContext = createContext<Decoded | null>(null);

export function useCurrentUser(): Decoded {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser is only available inside a role area');
  return user;
}
