/** Security notifications the server sends by email or SMS, in the recipient's language. No secrets. */
export default {
  subject: '【智慧能源云平台】账号安全提醒',
  newDevice:
    '你的账号于 {{time}} 在新设备上登录（{{device}}，{{place}}）。如非本人操作，请立即修改密码，并在个人中心的“我的会话”中退出该设备。',
  passwordChanged:
    '你的账号密码已于 {{time}} 修改（{{device}}，{{place}}），其他设备均已退出登录。如非本人操作，请立即通过“忘记密码”重置密码。',
  passwordReset:
    '你的账号密码已于 {{time}} 通过验证码重置（{{device}}，{{place}}），所有设备均已退出登录。如非本人操作，请立即再次重置密码。',
  phoneChanged:
    '你的账号绑定的手机号已于 {{time}} 更换为 {{phone}}（{{device}}，{{place}}）。如非本人操作，请立即修改密码并联系管理员。',
  phoneVerified:
    '你的账号已于 {{time}} 验证并绑定手机号 {{phone}}（{{device}}，{{place}}）。如非本人操作，请立即修改密码并联系管理员。',
  emailChanged:
    '你的账号绑定的邮箱已于 {{time}} 更换为 {{email}}（{{device}}，{{place}}）。如非本人操作，请立即修改密码并联系管理员。',
  twoStepOff:
    '你的账号已于 {{time}} 关闭两步登录（{{device}}，{{place}}）。如非本人操作，请立即修改密码并重新开启两步登录。',
  passkeyAdded:
    '你的账号于 {{time}} 添加了新的通行密钥（{{device}}，{{place}}）。如非本人操作，请立即在个人中心删除该通行密钥并修改密码。',
  otherSessionsSignedOut:
    '你的账号于 {{time}} 退出了其他所有会话（{{device}}，{{place}}）。如非本人操作，请立即修改密码。',
  reauthenticationWrong:
    '{{time}} 有人在你已登录的会话中多次输入了错误的密码或动态码以确认身份（{{device}}，{{place}}）。如非本人操作，请立即修改密码，并在个人中心退出其他会话。',
  twoStepCodeWrong:
    '{{time}} 有人输入了你账号的正确密码或登录验证码，但两步登录的动态码错误（{{device}}，{{place}}）。如非本人操作，请立即修改密码。',
  apiKeyCreated:
    '你所管理的企业于 {{time}} 新建了 API 密钥“{{name}}”（{{device}}，{{place}}）。持有该密钥的系统可按其权限范围调用门户。如非你方授权，请立即在设置中心的“API 密钥”中撤销该密钥，并修改密码。',
  unknownDevice: '未知设备',
  unknownPlace: '未知网络',
  network: '网络 {{network}}',
  localNetwork: '本地网络',
};
