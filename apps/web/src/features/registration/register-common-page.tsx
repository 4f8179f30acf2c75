import { RegistrationFlow } from './registration-flow';

/** Administrators and ordinary members register on the same screen (docs/registration.md#the-steps); the
 *  link's kind decides which fields it shows. */
export function RegisterCommonAdminPage() {
  return <RegistrationFlow kind="admin" />;
}

export function RegisterCommonOrdinaryPage() {
  return <RegistrationFlow kind="member" />;
}
