/**
 * Every string the user reads, in one place (docs/architecture.md). Features add
 * their own section here rather than writing Chinese text inline in components.
 */
import { registrationText } from './registration';

export const zhCN = {
  /** The registration screens (docs/decisions/registration.md, "Registration (registration engineer)"); the strings live in ./registration.ts. */
  registration: registrationText,

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
    elderMode: '长辈模式',
    skipToMain: '跳到主要内容',
  },

  devBanner: {
    label: '开发模式',
    note: '短信和邮件不会真正发出，验证码可在发件箱中查看。',
    outboxLink: '短信/邮件发件箱',
    apiLink: 'API 参考',
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
    devices: '登录设备管理',
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
    devApi: 'API 参考',
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

  /** The shared SMS button (docs/decisions/sign-in.md, "Sign-in, sessions, SMS and e-mail codes, recovery"). */
  sms: {
    send: '发送短信码',
    sendEmail: '发送邮箱验证码',
    countdown: (n: number) => `${n}秒后可发送`,
    sent: '短信码已发送',
    emailSent: '邮箱验证码已发送',
  },

  /** The login page (01 §2, §4, §5; docs/decisions/sign-in.md, "Sign-in, sessions, SMS and e-mail codes, recovery"). */
  login: {
    secondStep: {
      code: '动态口令',
      hint: '您的账号已开启两步验证。请打开手机上的身份验证器应用（如 Google Authenticator、Microsoft Authenticator），输入本平台对应的 6 位数字动态口令。',
      recoveryHint: '手机丢失或无法打开身份验证器时，可输入开启时保存的恢复码（每个恢复码只能使用一次）。',
      placeholder: '6 位数字动态口令',
      recoveryPlaceholder: '恢复码，如 abcde-fghjk',
      submit: '验证并登录',
      useRecovery: '使用恢复码',
      useApp: '使用动态口令',
      back: '返回重新登录',
    },
    title: '用户登录',
    tabPassword: '账号密码',
    tabCert: '数字证书',
    userName: '请输入账号',
    password: '请输入密码',
    /** No password of the portal is longer (01 §5); a longer one cannot even be encrypted for sending. */
    passwordTooLong: '密码不能超过20位',
    graphicCode: '请输入验证码',
    submit: '登 录',
    register: '立即注册',
    forgot: '忘记密码',
    certComing: '数字证书登录将在后续版本开放，请先使用账号密码登录。',
    authorizeFailed: '获取授权地址失败，请重新登录',
    authorizeBad: '授权地址无效',
    notSubmitted: '账号未提交实名认证，请提交审核',
    notPassed: '账号未通过实名认证，请等待审核',
    /** Who asked for the sign-in (an OpenID Connect client's registered name, a legacy client's id). */
    asks: (name: string) => `「${name}」请求使用您的账号登录`,
    needCertificate: (name: string) => `「${name}」要求使用数字证书登录，请在“数字证书”页登录`,
    requestGone: '授权请求已失效，请返回应用重新登录',
  },

  /** Account recovery (01 §2, §4, §5; docs/decisions/sign-in.md, "Sign-in, sessions, SMS and e-mail codes, recovery"). */
  recovery: {
    tabFindPwd: '找回密码',
    tabFindAccount: '找回账号',
    methodPhoneTitle: '手机/邮箱验证',
    methodPhoneDesc: '通过账号绑定的手机号或邮箱接收验证码，验证身份后重置密码。',
    methodCertTitle: '数字证书验证',
    methodCertDesc: '使用已绑定的数字证书验证身份后重置密码。',
    methodCertComing: '数字证书验证将在数字证书功能上线后开放。',
    comingTag: '即将开放',
    go: '立即找回',
    steps: ['验证身份', '选择账号', '重置密码', '完成'],
    mobileSteps: ['填写信息', '身份验证', '重置密码', '完成'],
    phone: '手机号',
    phonePlaceholder: '请输入手机号',
    phoneRequired: '请输入手机号',
    phoneInvalid: '请输入正确的11位手机号（格式：13800000000）',
    email: '邮箱',
    emailPlaceholder: '请输入邮箱',
    emailRequired: '请输入邮箱',
    emailInvalid: '请输入正确的邮箱地址',
    graphicCode: '图形验证码',
    graphicCodeRequired: '请输入验证码',
    smsCode: '短信验证码',
    smsCodeRequired: '请输入短信验证码',
    emailCode: '邮箱验证码',
    emailCodeRequired: '请输入邮箱验证码',
    next: '下一步',
    previous: '上一步',
    chooseAccount: '请选择需要找回的账号',
    chooseRequired: '请选择账号',
    noAccount: '未找到绑定该手机号或邮箱的账号',
    columns: { account: '账号', type: '账号类型', subjectName: '主体名称', subjectCode: '证件号码', regTime: '注册时间', authState: '认证状态' },
    typePerson: '个人',
    typeEnterprise: '企业',
    authState: { 0: '未认证', 1: '已认证', 2: '认证未通过', 99: '认证中' } as Record<number, string>,
    newPassword: '新密码',
    newPasswordRequired: '请输入新密码',
    confirmPassword: '确认密码',
    confirmRequired: '请再次输入新密码',
    confirmMismatch: '两次密码不一致',
    rulePerson: '8-20位，必须包含数字、小写字母、大写字母、特殊字符中的2种',
    ruleEnterprise: '13-20位，必须包含数字、小写字母、大写字母、特殊字符中的3种',
    submitReset: '确认修改',
    done: '密码重置成功',
    doneCountdown: (n: number) => `${n}秒后自动跳转到登录页`,
    toLogin: '立即登录',
    tabPersonal: '个人账号',
    tabLegal: '法人账号',
    bySms: '短信验证',
    byEmail: '邮箱验证',
    findAccountHint: '验证手机号或邮箱后，可查看其绑定的全部账号。',
    backToLogin: '返回登录',
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
      email: '绑定邮箱',
      notice: '通知',
      realname_result: '实名审核结果',
      change_result: '变更审核结果',
      admission_result: '入库审核结果',
      new_device: '新设备登录提醒',
    } as Record<string, string>,
  },
} as const;
