/** Texts the server sends by SMS and email, in the recipient's language. */
export default {
  codeSubject: '【智慧能源云平台】验证码',
  codeText: '你的验证码是 {{code}}，{{minutes}} 分钟内有效。请勿将验证码告诉他人。',
  webhookDisabledSubject: '【智慧能源云平台】Webhook 已关闭',
  webhookDisabledText:
    '你所管理的企业的 Webhook {{url}} 自 {{since}} 起每次投递都失败，已于 {{time}} 被自动关闭，不再接收事件。请确认接收端恢复正常后，在设置中心的“Webhook”中重新开启；关闭期间未送达的事件可在其投递记录中重新发送。',
  siteSharedSubject: '【智慧能源云平台】有场站共享给了你的企业',
  siteSharedText:
    '{{grantor}} 以“{{template}}”角色向你所管理的企业共享了 场站：{{sites}}，有效期至 {{until}}。请在设置中心的“共享给我们”中查看，并为本企业的人员或部门分配访问权限。',
  grantEndingSubject: '【智慧能源云平台】场站共享即将到期',
  grantEndingText:
    '场站“{{site}}”由 {{grantor}} 共享给 {{grantee}} 的授权将于 {{until}} 到期。到期后，经此授权以及由它再共享的所有访问都会结束。如需延续，请联系共享方。',
  supportRequestedSubject: '【智慧能源云平台】平台支持人员申请进入你的企业',
  supportRequestedText:
    '平台支持人员 {{requester}} 申请进入{{company}} {{hours}} 小时（{{sites}}），理由：{{reason}}。请在设置中心“安全”›“支持访问”中批准或拒绝，申请将于 {{until}} 过期。',
  supportApprovedSubject: '【智慧能源云平台】你的支持申请已批准',
  supportApprovedText: '{{company}}已允许平台支持人员进入，至 {{until}} 为止。请从启动页进入。',
  supportRefusedSubject: '【智慧能源云平台】你的支持申请被拒绝',
  supportRefusedText: '{{company}}拒绝了你以平台支持人员身份进入的申请。',
  supportExpiredSubject: '【智慧能源云平台】你的支持申请已过期',
  supportExpiredText: '{{company}}在一天内没有处理你的支持申请，申请已过期。需要时可以重新申请。',
  supportAllSites: '全部场站',
  accessRequestedSubject: '【智慧能源云平台】有人申请访问你的场站',
  accessRequestedText:
    '{{requester}}（{{company}}）申请以“{{template}}”身份访问场站“{{site}}” {{hours}} 小时，理由：{{reason}}。请在设置中心的“场站”中批准或拒绝，申请将于 {{until}} 过期。',
  accessApprovedSubject: '【智慧能源云平台】你的场站访问申请已批准',
  accessApprovedText: '{{owner}} 已批准你访问场站“{{site}}”，身份为“{{template}}”，至 {{until}} 为止。',
  accessRefusedSubject: '【智慧能源云平台】你的场站访问申请被拒绝',
  accessRefusedText: '{{owner}} 拒绝了你访问场站“{{site}}”的申请。',
  accessExpiredSubject: '【智慧能源云平台】你的场站访问申请已过期',
  accessExpiredText: '{{owner}} 在一天内没有处理你访问场站“{{site}}”的申请，申请已过期。需要时可以重新申请。',
  open: '长期有效',
};
