import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/renderApp';

describe('error pages', () => {
  it.each([
    ['/error/404', '404', '抱歉，您访问的页面不存在。'],
    ['/error/500', '500', '服务器内部错误。抱歉，服务器出错了，请稍后再试。'],
    ['/error/502', '502', '网关错误。抱歉，服务器出错了，请稍后再试。'],
    ['/error/abc', '404', '抱歉，您访问的页面不存在。'],
    ['/there/is/no/such/page', '404', '抱歉，您访问的页面不存在。'],
  ])('%s shows %s', async (path, title, text) => {
    renderApp(path);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByText(title)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '返回首页' })).toBeInTheDocument();
  });
});
