import { writeUserInfo } from '../../lib/storage';
import { useSession } from '../../stores/session-store';
import { fetchCurrentUser } from '../../session/session-api';

/**
 * Reads the signed-in user from the server into the session store and `_userInfo`, where the
 * header and the other products of the origin look for it.
 */
export async function refreshCurrentUser(): Promise<void> {
  const user = await fetchCurrentUser();
  useSession.getState().setUserInfo(user);
  writeUserInfo(user);
}
