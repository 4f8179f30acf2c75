import type { Messages } from '../types.ts';

const notices: Messages['notices'] = {
  subject: '[Smart Energy Cloud Platform] Security alert',
  newDevice:
    'Your account was signed in from a new device on {{time}} ({{device}}, {{place}}). If this was not you, change your password now and sign that device out under "My sessions" in your personal center.',
  passwordChanged:
    'Your password was changed on {{time}} ({{device}}, {{place}}) and your other devices were signed out. If this was not you, reset your password now with "Forgot password".',
  passwordReset:
    'Your password was reset with a verification code on {{time}} ({{device}}, {{place}}) and all your devices were signed out. If this was not you, reset your password again now.',
  phoneChanged:
    'The phone number of your account was changed to {{phone}} on {{time}} ({{device}}, {{place}}). If this was not you, change your password now and contact your administrator.',
  phoneVerified:
    'The phone number {{phone}} was verified and bound to your account on {{time}} ({{device}}, {{place}}). If this was not you, change your password now and contact your administrator.',
  emailChanged:
    'The email of your account was changed to {{email}} on {{time}} ({{device}}, {{place}}). If this was not you, change your password now and contact your administrator.',
  twoStepOff:
    'Two-step sign-in was turned off for your account on {{time}} ({{device}}, {{place}}). If this was not you, change your password now and turn two-step sign-in on again.',
  passkeyAdded:
    'A new passkey was added to your account on {{time}} ({{device}}, {{place}}). If this was not you, remove it in your personal center and change your password now.',
  otherSessionsSignedOut:
    'All other sessions of your account were signed out on {{time}} ({{device}}, {{place}}). If this was not you, change your password now.',
  reauthenticationWrong:
    'Someone confirming it was you in a signed-in session of your account entered a wrong password or code several times on {{time}} ({{device}}, {{place}}). If this was not you, change your password now and sign out the other sessions in your personal center.',
  twoStepCodeWrong:
    'Someone entered the right password or verification code of your account on {{time}}, but a wrong two-step code ({{device}}, {{place}}). If this was not you, change your password now.',
  apiKeyCreated:
    'A new API key "{{name}}" was created for a company you administer on {{time}} ({{device}}, {{place}}). Any system holding it can call the portal within its scopes. If this was not authorized, revoke it now under "API keys" in the settings center and change your password.',
  unknownDevice: 'unknown device',
  unknownPlace: 'unknown network',
  network: 'network {{network}}',
  localNetwork: 'local network',
};
export default notices;
