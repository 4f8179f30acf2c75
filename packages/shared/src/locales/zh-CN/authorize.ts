/** A product's sign-in through the portal (the OpenID provider's interaction screen). */
export default {
  company: {
    title: '选择企业',
    description: '选择以哪个企业的身份进入{{product}}。',
    label: '你的企业',
    noAccess: '未开通{{product}}',
    continue: '继续',
    cancel: '取消并返回',
  },
  consent: {
    title: '“{{client}}”请求访问你的账号',
    description: '这是一个用于{{product}}的第三方应用，并非平台自有产品。它希望通过门户为你登录。同意后，它可以：',
    company: '企业',
    noCompany: '不属于任何企业',
    scopes: {
      openid: '确认你的身份',
      profile: '查看你的姓名和语言',
      email: '查看你的邮箱',
      phone: '查看你的手机号',
      company: '查看所选企业和你在其中的角色',
      offlineAccess: '保持登录，你不在时也能访问',
      product: '代你调用{{product}}的接口',
    },
    allow: '同意',
    deny: '拒绝',
  },
  denied: {
    title: '无法进入{{product}}',
    description: '企业“{{company}}”未开通{{product}}。如需开通请联系企业管理员，或选择其他企业。',
    noCompany: '你的账号不属于任何开通了{{product}}的企业。如需开通请联系企业管理员。',
    back: '返回{{product}}',
    otherCompany: '选择其他企业',
    otherAccount: '使用其他账号登录',
  },
  reauthenticate: {
    description: '{{product}}需要先确认是你本人，再继续登录。你会保持门户的登录状态。',
    secondFactor: '{{product}}要求分两步确认身份：请先输入密码，再输入身份验证器应用中的动态码。',
    passkeyBothSteps: '也可以改用通行密钥：用它一次就能完成这两步。',
    noSecondFactor:
      '{{product}}要求分两步确认身份，但你的账号目前只有一种验证方式。请在个人中心开启两步登录或添加通行密钥，然后重试。',
    openPersonal: '前往个人中心',
    cancel: '取消并返回',
  },
  expired: {
    title: '登录请求已过期',
    description: '此登录请求已失效或已完成。请回到产品重新登录。',
    home: '返回首页',
    signIn: '前往登录',
  },
  failed: {
    title: '无法继续登录',
    description: '请检查网络后重试。',
    retry: '重试',
  },
};
