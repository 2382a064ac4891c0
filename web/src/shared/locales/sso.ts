/** The single sign-on consent page's strings (docs/decisions/single-sign-on.md, "Single sign-on (OpenID Connect provider)"). */
export const ssoText = {
  title: '授权登录',
  asks: (client: string) => `“${client}”请求使用你的 bidpass 账号登录`,
  willGet: '该应用将获得：',
  approve: '同意授权',
  refuse: '拒绝',
  loading: '正在读取授权请求…',
  failed: '授权请求无法完成',
  scopes: {
    openid: '你的账号标识',
    profile: '账号名称、账号类型、实名认证状态和认证后的姓名或企业名称',
    email: '邮箱地址',
    phone: '手机号',
    offline_access: '在你离开后继续保持登录（刷新令牌）',
  } as Record<string, string>,
};
