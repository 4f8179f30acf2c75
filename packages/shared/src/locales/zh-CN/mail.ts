/** Texts the server sends by SMS and email, in the recipient's language. */
export default {
  codeSubject: '【智慧能源云平台】验证码',
  codeText: '你的验证码是 {{code}}，{{minutes}} 分钟内有效。请勿将验证码告诉他人。',
};
