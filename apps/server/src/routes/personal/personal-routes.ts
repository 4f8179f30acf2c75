import { envelopeSchema } from '@portal/shared/api/envelope';
import { reauthenticateRequestSchema } from '@portal/shared/api/fresh-proof';
import {
  allowModifyPasswordSchema,
  forgetPasswordRequestSchema,
  phoneAuthRequestSchema,
  saveLangCodeRequestSchema,
  updateEmailRequestSchema,
  updateNicknameRequestSchema,
  updatePasswordRequestSchema,
  updatePasswordResponseSchema,
  updatePhoneRequestSchema,
  userCertifiedSchema,
} from '@portal/shared/api/personal';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { certificationOf, certifyPhone } from '../../libraries/certification.ts';
import { storedUserAgent } from '../../libraries/devices.ts';
import { changePassword } from '../../libraries/password-change.ts';
import { resetPassword } from '../../libraries/password-reset.ts';
import { reauthenticate } from '../../libraries/reauthentication.ts';
import {
  allowModifyPassword,
  saveLanguage,
  updateEmail,
  updateNickname,
  updatePhone,
} from '../../libraries/personal.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { apiPaths } from '@portal/shared/api/paths';

const nothing = { 200: envelopeSchema(z.null()) };

/** The client of a change, for the security notification that tells the person about it. */
const userAgentOf = (request: FastifyRequest) => storedUserAgent(request.headers['user-agent']);

/** Personal centre (A), language, phone certification, password rights and password recovery (F). */
export async function personalRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    apiPaths.updateNickname,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['personal'],
        summary: 'Change the display name',
        description: 'At most 50 units, a CJK character counting 2; 1000400 otherwise.',
        body: updateNicknameRequestSchema,
        response: nothing,
      },
    },
    async (request) => {
      await updateNickname(app.ctx, sessionOf(request), request.body);
      return ok(null);
    },
  );

  r.post(
    apiPaths.updatePhone,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['personal'],
        summary: 'Change the phone, proven by a `bind` code sent to the new phone',
        description:
          "The phone becomes the verified phone. Rejections: 1009166 (the proof of this session is older than 10 minutes: `personal/reauthenticate` first, then the same request again; checked before the code, which is then not used up), 1009104 (wrong code); after a right code, when another account has proven the phone: 1009106 with `data.boundTo` (its masked nickname and account) if that account shares a company with the user, else 1008109. The user's own phone again re-verifies it.",
        body: updatePhoneRequestSchema,
        response: nothing,
      },
    },
    async (request) => {
      await updatePhone(app.ctx, sessionOf(request), request.body, request.ip, userAgentOf(request));
      return ok(null);
    },
  );

  r.post(
    apiPaths.updateEmail,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['personal'],
        summary: 'Change the email, proven by a `bind` code sent to the new email',
        description:
          "Rejections: 1009166 (the proof of this session is older than 10 minutes: `personal/reauthenticate` first, then the same request again; checked first, so the code is not used up), 1009128 (empty), 1009127 (malformed), 1009129 (it is already this user's verified email: checked before the code, which is then not used up), 1009104 (wrong code), 1008119 (another account has proven it; told only after a right code). The account's own unproven email is accepted and becomes verified.",
        body: updateEmailRequestSchema,
        response: nothing,
      },
    },
    async (request) => {
      await updateEmail(app.ctx, sessionOf(request), request.body, request.ip, userAgentOf(request));
      return ok(null);
    },
  );

  r.post(
    apiPaths.updatePassword,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['personal'],
        summary: 'Change the password; every other session of the user ends',
        description:
          'Rejections: 1000400 (the new password breaks the rule), 1008107 (confirmation differs), 1009102 (wrong old password; it counts as a failed sign-in of the account, so repeated guesses wait like sign-ins do: 1000429). This session goes on. The old password is the fresh proof this change needs: a session whose proof is older than 10 minutes may change it, and counts as proven afterwards. `recentPasskeys` are the passkeys added in the last 7 days, oldest first, which the web app offers to remove (a borrowed session may have planted one); the person is told by their security notice.',
        body: updatePasswordRequestSchema,
        response: { 200: envelopeSchema(updatePasswordResponseSchema) },
      },
    },
    async (request) =>
      ok(await changePassword(app.ctx, sessionOf(request), request.body, request.ip, userAgentOf(request))),
  );

  r.post(
    apiPaths.reauthenticate,
    {
      // the set-up a company requires is a sensitive change too, reached before anything else
      config: { auth: 'required', twoStepSetupAllowed: true },
      schema: {
        tags: ['personal'],
        summary: 'Prove it is you in this session, before a sensitive change',
        description:
          'With `password`, or with `code` (a code of the authenticator app or a recovery code, used up) when two-step sign-in is on; the person chooses. The session counts as proven for 10 minutes: adding a passkey, changing the phone or email, setting up two-step sign-in and signing out everywhere answer 1009166 without such a proof (the sign-in that opened the session is one). Each try counts as a failed sign-in of the account (the same counter and waits: 1000429). Rejections: 1009102 (wrong password, or the account has none), 1009160 (wrong code, or one already used), 1009163 (a code while two-step sign-in is off).',
        body: reauthenticateRequestSchema,
        response: nothing,
      },
    },
    async (request) => {
      await reauthenticate(app.ctx, sessionOf(request), request.body, request.ip);
      return ok(null);
    },
  );

  r.post(
    apiPaths.saveLanguage,
    {
      config: { auth: 'required', uncertifiedAllowed: true },
      schema: {
        tags: ['personal'],
        summary: "Save the account's language",
        body: saveLangCodeRequestSchema,
        response: nothing,
      },
    },
    async (request) => {
      await saveLanguage(app.ctx, sessionOf(request), request.body);
      return ok(null);
    },
  );

  r.get(
    apiPaths.certification,
    {
      config: { auth: 'required', uncertifiedAllowed: true },
      schema: {
        tags: ['personal'],
        summary: 'Whether the account has a verified phone, and the cut-off date',
        description:
          '`deadline` is the configured cut-off date (`PHONE_CERTIFY_DEADLINE`, end of that day in China time).',
        response: { 200: envelopeSchema(userCertifiedSchema) },
      },
    },
    async (request) => ok(certificationOf(app.ctx, sessionOf(request))),
  );

  r.post(
    apiPaths.phoneAuth,
    {
      config: { auth: 'required', uncertifiedAllowed: true },
      schema: {
        tags: ['personal'],
        summary: 'Verify a phone by a `certify` code and bind it to the account',
        description:
          "Rejections: 1009104 (wrong code); after a right code, when another account has proven the phone: 1009106 with `data.boundTo` = its masked `{ nickname, account }` (`张*`, `ad***n`) if it shares a company with the user, else `data.boundTo: null` (a stranger's account is never described).",
        body: phoneAuthRequestSchema,
        response: nothing,
      },
    },
    async (request) => {
      await certifyPhone(app.ctx, sessionOf(request), request.body, request.ip, userAgentOf(request));
      return ok(null);
    },
  );

  r.get(
    apiPaths.allowModifyPassword,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['personal'],
        summary: 'Whether the user may change the password in the personal centre',
        description:
          '`allowed` is whether the account has a password: changing one needs the old one. An account without a password sets one through `forgetPasswd`.',
        response: { 200: envelopeSchema(allowModifyPasswordSchema) },
      },
    },
    async (request) => ok(allowModifyPassword(sessionOf(request))),
  );

  r.post(
    apiPaths.forgetPassword,
    {
      schema: {
        tags: ['personal'],
        summary: 'Set a new password with a `reset` code sent to the phone or email; every session of the account ends',
        description:
          'No session needed. Rejections: 1000400 (malformed identifier, or the new password breaks the rule), 1008107 (confirmation differs; checked before the code, which is then not used up), 1009104 (wrong code, or no account has this phone/email: the two are indistinguishable). A success also lifts the sign-in wait of the account.',
        body: forgetPasswordRequestSchema,
        response: nothing,
      },
    },
    async (request) => {
      await resetPassword(app.ctx, request.body, request.ip, userAgentOf(request));
      return ok(null);
    },
  );
}
