/** The Chinese text of the captcha widgets (01 §2 Captcha widgets, §4, §8). */
export const captchaText = {
  title: '请完成安全验证',
  slide: '向右滑动完成验证',
  clickPrompt: (words: string[]) => `请依次点击【${words.join(',')}】`,
  success: '验证成功',
  successIn: (seconds: string) => `${seconds}s验证成功`,
  failed: '验证失败',
  loading: '加载中...',
  refresh: '刷新',
  networkError: '网络异常，请稍后重试',
  graphicCodeAlt: '图形验证码',
  graphicCodeTitle: '看不清？点击刷新',
  graphicCodeRetry: '获取失败，点击重试',
} as const;
