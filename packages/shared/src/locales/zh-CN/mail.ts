/** Texts the server sends by SMS and email, in the recipient's language. */
export default {
  codeSubject: '【智慧能源云平台】验证码',
  codeText: '你的验证码是 {{code}}，{{minutes}} 分钟内有效。请勿将验证码告诉他人。',
  webhookDisabledSubject: '【智慧能源云平台】Webhook 已关闭',
  webhookDisabledText:
    '你所管理的企业的 Webhook {{url}} 自 {{since}} 起每次投递都失败，已于 {{time}} 被自动关闭，不再接收事件。请确认接收端恢复正常后，在设置中心的“Webhook”中重新开启；关闭期间未送达的事件可在其投递记录中重新发送。',
};
