/**
 * Every string the user reads, in one place (docs/architecture.md). Features add
 * their own section here rather than writing Chinese text inline in components.
 */
export const zhCN = {
  site: {
    defaultTitle: '公路桥梁电子招标采购交易平台',
  },

  common: {
    loading: '加载中…',
    refresh: '刷新',
    backHome: '返回首页',
    backPrevious: '返回上一页',
    reload: '重新加载',
    empty: '暂无数据',
  },

  header: {
    logout: '退出登录',
  },

  devBanner: {
    label: '开发模式',
    note: '短信和邮件不会真正发出，验证码可在发件箱中查看。',
    outboxLink: '短信/邮件发件箱',
  },

  http: {
    networkError: '网络异常，请稍后重试',
    authMissing: '认证标识为空, 请重新登录。',
    sessionExpired: '登录超时，请重新登录',
    /** Used when the answer is not our JSON envelope (a proxy page, for example). */
    unknownStatus: (status: number) => `请求失败（${status}）`,
    status: {
      400: '请求错误',
      401: '未授权，请登录',
      403: '拒绝访问',
      404: '请求地址出错',
      408: '请求超时',
      420: '登录超时，请重新登录',
      500: '服务器内部错误',
      501: '服务未实现',
      502: '网关错误',
      503: '服务不可用',
      504: '网关超时',
      505: 'HTTP版本不受支持',
    } as Record<number, string>,
  },

  guard: {
    tokenExpired: 'token已失效，请重新登录！',
  },

  underConstruction: {
    title: '功能建设中',
    subtitle: (area: string, page: string) => `${area} · ${page}：该页面正在建设中，敬请期待。`,
  },

  /** The parts of the product, shown on placeholder pages. */
  areas: {
    auth: '登录',
    registration: '账号注册',
    recovery: '找回密码与账号',
    account: '账户中心',
    admin: '审核管理后台',
  },

  /** Page names, used by placeholders, menus and the document title. */
  pages: {
    login: '账号登录',
    registerFrame: '注册',
    registerUnit: '单位注册',
    registerPersonal: '个人注册',
    completeInfo: '完善信息',
    forgetPwd: '忘记密码',
    findPwd: '找回密码',
    findAccount: '找回账号',
    mobileOrEmail: '手机或邮箱验证',
    accountCenterPage: '账户中心',
    essentialInformation: '基本信息',
    legalPersonInformation: '法人基本信息',
    authenticationModes: '实名认证',
    accountSecurity: '账号安全管理',
    thirdPartyAccount: '第三方账号',
    editEssentialInformation: '编辑基本信息',
    personalManualAuthentication: '个人人工认证',
    editLegalPersonInformation: '编辑法人信息',
    legalPersonalManualAuthentication: '法人人工认证',
    enterpriseLegalPerson: '我的经办人 / 我的企业',
    modifyRecord: '修改记录',
    caCertificate: 'CA证书绑定',
    basicCaCertificate: 'CA证书',
    basicEnterpriseLegalPerson: '经办人管理',
    admin: '审核工作台',
    outbox: '短信/邮件发件箱',
    error: '出错了',
    notFound: '页面不存在',
  },

  accountCenterMenu: {
    accountInfo: '账户信息',
    accountSecurity: '账号安全管理',
    realName: '实名认证',
    certificate: '数字证书',
  },

  errors: {
    notFoundTitle: '404',
    notFound: '抱歉，您访问的页面不存在。',
    serverError: '抱歉，服务器出错了，请稍后再试。',
    forbidden: '抱歉，您无权访问该页面。',
    other: '抱歉，请求出错了。',
    renderError: '页面加载失败，请刷新后重试。',
  },

  outbox: {
    title: '短信/邮件发件箱',
    description: '开发模式下，短信和邮件不会发出，而是记录在这里（最新的在最上面）。',
    notDev: '发件箱只在开发模式（bidpass serve --dev）下可用。',
    columns: {
      channel: '渠道',
      to: '接收方',
      scene: '场景',
      text: '内容',
      code: '验证码',
      at: '时间',
    },
    channel: {
      sms: '短信',
      email: '邮件',
    } as Record<string, string>,
    scene: {
      register: '注册',
      recover: '找回密码',
      password: '修改密码',
      phone: '更换手机',
      contact: '联系人手机',
      login: '登录',
    } as Record<string, string>,
  },
} as const;
