import { RegistrationFlow } from './registration-flow';

/** An owner company registers through a link of the inviting company and is linked to it. */
export function RegisterOwnerPage() {
  return <RegistrationFlow kind="owner" />;
}
